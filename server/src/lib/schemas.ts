import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@scamtrail/domain/errors';
import { responseText } from '@scamtrail/domain/text';

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: responseText(),
      details: z
        .record(responseText(), z.unknown())
        .optional()
        .describe(
          'Free-form, as the code needs: `fields` ({ field, message } per invalid field) for ' +
            'VALIDATION_FAILED, and for a FORBIDDEN refusing one body field or query parameter ' +
            '({ field, message, permission? }, `permission` being the one that would allow it); ' +
            '`existingId` for CONFLICT, `current` for PRECONDITION_FAILED, `maxBytes` for PAYLOAD_TOO_LARGE',
        ),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer: `{ error: { code, message, details? } }`' });

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

export const idParamsSchema = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });

/** ISO string for a Date column (null stays null). */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
