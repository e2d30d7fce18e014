import { z } from 'zod';

/** Limits shared by the forms and the API of originators, groups and tags. */
export const DESCRIPTION_MAX_LENGTH = 2000;
export const SEARCH_MAX_LENGTH = 200;

/** A required, trimmed single-line text such as a name. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);
}

/** An optional free text (description, notes); trimmed. */
export function optionalText(label: string, max = DESCRIPTION_MAX_LENGTH) {
  return z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
}

/** `search` query parameter: a case-insensitive substring; blank means no filter. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, `search is too long (at most ${SEARCH_MAX_LENGTH} characters)`)
  .optional()
  .describe('Case-insensitive substring to look for');

/** PATCH bodies: refuses an empty object so a no-op update is reported rather than silently accepted. */
export function nonEmptyPatch<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .partial()
    .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' });
}

export const uuidSchema = (field: string) => z.uuid({ message: `${field} must be a UUID` });
