import type { FieldError } from '@scamtrail/domain/errors';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import { buildSearchText } from '@scamtrail/domain/identifiers/search-keys';
import { identifierInputSchema } from '@scamtrail/domain/identifiers/schema';
import type { IdentifierInput } from '@scamtrail/domain/identifiers/types';
import type { IdentifierValues } from './identifiers.repository';

/**
 * `{ type, data }` checked by the domain schema (the form's rules and messages, at `type` and
 * `data.<field>`): the cleaned input, or the field errors.
 */
export function parseIdentifierInput(
  value: unknown,
): { input: IdentifierInput; errors?: undefined } | { input?: undefined; errors: FieldError[] } {
  const result = identifierInputSchema.safeParse(value);
  if (result.success) return { input: result.data };
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  return { errors };
}

/**
 * What is stored for a valid input: the server computes display value, key and search text, never
 * the client.
 */
export function toIdentifierValues(input: IdentifierInput): IdentifierValues {
  const displayValue = buildDisplayValue(input.type, input.data);
  const normalizedKey = buildNormalisedKey(input.type, input.data);
  return {
    type: input.type,
    data: input.data as unknown as Record<string, unknown>,
    displayValue,
    normalizedKey,
    searchText: buildSearchText(input.type, input.data, displayValue, normalizedKey),
  };
}
