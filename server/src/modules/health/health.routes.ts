import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas';
import { AppError } from '../../lib/errors';
import { access } from '../auth/route-access';
import { readinessCheck, type ReadinessChecks } from './readiness';

const statusSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: FastifyInstance, opts: ReadinessChecks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ready = readinessCheck(opts);
  r.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up',
        security: [],
        response: { 200: statusSchema },
      },
      config: { access: access.public(), queued: false },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/api/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The database answers and the data directory takes writes (503 when not, within 2 s)',
        security: [],
        response: { 200: statusSchema, ...errorResponses(503) },
      },
      config: { access: access.public(), queued: false },
    },
    async (request) => {
      try {
        await ready();
      } catch (err) {
        request.log.warn({ err: err instanceof AppError ? err.cause : err }, 'readiness check failed');
        throw err;
      }
      return { status: 'ok' as const };
    },
  );
}
