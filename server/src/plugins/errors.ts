import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, FieldError } from '@scamtrail/domain/errors';
import { AppError } from '../lib/errors';

type Issue = { instancePath: string; message?: string };

function fieldName(issue: Issue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

/** Status codes of framework errors we pass through with their own (safe) message. */
const CLIENT_ERROR_CODES: Record<string, ErrorBody['error']['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'TOO_MANY_REQUESTS',
};

/**
 * One place that turns errors into `{ error: { code, message, details? } }`. Validation failures name
 * their fields; 5xx answers never carry internals (the cause goes to the log).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { error: { code: err.code, message: err.message } };
      if (err.details) body.error.details = err.details;
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = (err.validation as Issue[]).map((issue) => ({
        field: fieldName(issue, err.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const error = AppError.validation(fields);
      return reply
        .status(400)
        .send({ error: { code: error.code, message: error.message, details: { fields } } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        (err.code && CLIENT_ERROR_CODES[err.code]) || (status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      const message =
        code === 'VALIDATION_FAILED' && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'body: the request body is not valid JSON'
          : err.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
  });
});
