import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas';
import { AppError } from '../../lib/errors';
import { access } from '../../plugins/auth';

const statusSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<void> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      schema: {
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
        tags: ['health'],
        summary: 'The database is reachable (503 when not)',
        security: [],
        response: { 200: statusSchema, ...errorResponses(503) },
      },
      config: { access: access.public(), queued: false },
    },
    async (request) => {
      try {
        await opts.ping();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new AppError('UNAVAILABLE', 'Database unreachable');
      }
      return { status: 'ok' as const };
    },
  );
}
