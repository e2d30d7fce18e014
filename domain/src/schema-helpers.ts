import { z } from 'zod';
import { text } from './text';

/** Limits shared by the forms and the API of originators, groups and tags. */
export const DESCRIPTION_MAX_LENGTH = 2000;
export const SEARCH_MAX_LENGTH = 200;

/** A required, trimmed single-line text such as a name. */
export function requiredText(label: string, max: number) {
  return text({ label, max, required: true });
}

/** An optional free text (description, notes); trimmed. */
export function optionalText(label: string, max = DESCRIPTION_MAX_LENGTH) {
  return text({ label, max });
}

/** `search` query parameter: a case-insensitive substring; blank means no filter. */
export const searchQuerySchema = text({ label: 'search', max: SEARCH_MAX_LENGTH })
  .optional()
  .describe('Case-insensitive substring to look for');

/** PATCH bodies: refuses an empty object so a no-op update is reported rather than silently accepted. */
export function nonEmptyPatch<T extends z.ZodRawShape>(shape: T) {
  return z
    .object(shape)
    .partial()
    .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Nothing to update' });
}

/** A whole number as people write it in messages: "-1,000,000". */
export function formatWholeNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * A whole number from `min` to `max`, its messages naming `label`: "{label} must be between -1,000
 * and 1,000", "{label} must be a whole number". The range is checked first, so a whole number that is
 * too large is not called "not whole".
 */
export function wholeNumber(label: string, min: number, max: number) {
  const notWhole = `${label} must be a whole number`;
  const outOfRange = `${label} must be between ${formatWholeNumber(min)} and ${formatWholeNumber(max)}`;
  return z.number({ error: notWhole }).min(min, outOfRange).max(max, outOfRange).int(notWhole);
}

/** The first and last instants a date and time may name: years 1 to 9999, in UTC. */
const EARLIEST_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An ISO 8601 date and time with its offset, `message` when it is not one, within years 1 to 9999 once
 * in UTC. The format alone lets through instants PostgreSQL cannot store (year 0, "0001-01-01T00:00:00
 * +01:00") and ones past year 9999 ("9999-12-31T23:00:00-14:00", written "+010000-..." in ISO form),
 * which reached the database and failed there as a 500.
 */
export function isoDateTime(field: string, message: string) {
  return z.iso.datetime({ offset: true, message }).refine(
    (value) => {
      const ms = Date.parse(value);
      // Not a date at all is the format's error, said once.
      return Number.isNaN(ms) || (ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS);
    },
    { message: `${field} must be between the years 1 and 9999 (UTC)` },
  );
}

export const uuidSchema = (field: string) => z.uuid({ message: `${field} must be a UUID` });

/**
 * The active community member a report came from when the caller enters it for them (one reporting by
 * phone or e-mail): the record is then originated by them, with the caller as its proxy. No one else: a
 * team member or an automation records in its own name (400 naming the field).
 */
export const onBehalfOfOriginatorIdSchema = uuidSchema('onBehalfOfOriginatorId')
  .optional()
  .describe(
    'The active community member the report came from when the caller enters it on their behalf; the caller becomes the proxy originator. A team member, an automation, a deactivated or unknown originator answers 400 naming this field',
  );
