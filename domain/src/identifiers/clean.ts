import { getIdentifierFields } from './catalogue';
import { normaliseCountryCode } from './phone';
import { readText } from './read-data';
import type { IdentifierDataByType, IdentifierType } from './types';

/**
 * The data as it is stored: only the type's fields, each trimmed, blank optional ones dropped, and
 * the phone country code given its plus. Call it on data that passed `validateIdentifier`.
 */
export function cleanIdentifierData<T extends IdentifierType>(
  type: T,
  data: unknown,
): IdentifierDataByType[T] {
  const clean: Record<string, string> = {};
  for (const field of getIdentifierFields(type)) {
    const value = readText(data, field.name);
    if (value === '') continue;
    clean[field.name] =
      type === 'phone' && field.name === 'countryCode' ? normaliseCountryCode(value) : value;
  }
  return clean as unknown as IdentifierDataByType[T];
}
