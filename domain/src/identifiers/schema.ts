import { z } from 'zod';
import type { FieldError } from '../errors';
import { getIdentifierFields } from './catalogue';
import { cleanIdentifierData } from './clean';
import { identifierDataMeta, identifierTypeMeta, identifierVariantsMeta } from './data-schemas';
import { IDENTIFIER_MESSAGES, unknownFieldMessage } from './messages';
import { IDENTIFIER_TYPES, isIdentifierType, type IdentifierInput } from './types';
import { validateIdentifier } from './validation';
import { text } from '../text';

/** Longer than any type id or data field name, so longer input is refused before it is looked up. */
const TYPE_MAX_LENGTH = 100;

/**
 * API-side errors of `{ type, data }`, with paths as the API names them (`type`, `data.address`):
 * everything `validateIdentifier` reports, plus keys in `data` the type does not define.
 */
export function findIdentifierInputErrors(type: unknown, data: unknown): FieldError[] {
  const errors = validateIdentifier(type, data).map((error) =>
    error.field === 'type' ? error : { field: `data.${error.field}`, message: error.message },
  );
  if (!isIdentifierType(type) || typeof data !== 'object' || data === null) return errors;
  const known = new Set(getIdentifierFields(type).map((field) => field.name));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) errors.push({ field: `data.${key}`, message: unknownFieldMessage(key) });
  }
  return errors;
}

const typeField = text({
  label: 'type',
  max: TYPE_MAX_LENGTH,
  trim: false,
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? IDENTIFIER_MESSAGES.selectType
      : IDENTIFIER_MESSAGES.invalidType,
}).meta({ ...identifierTypeMeta, description: `The identifier type: one of ${IDENTIFIER_TYPES.join(', ')}` });

const dataField = z
  .record(text({ label: 'A data field name', max: TYPE_MAX_LENGTH, trim: false }), z.unknown(), {
    // A bad key says what is wrong with it (its text rule); anything else is not an object.
    error: (issue) =>
      issue.code === 'invalid_key' ? issue.issues[0]?.message : IDENTIFIER_MESSAGES.dataNotObject,
  })
  .meta(identifierDataMeta);

/** The parsed body: the extra fields' outputs beside the cleaned `{ type, data }`. */
type WithInput<S extends z.ZodRawShape> = keyof S extends never
  ? IdentifierInput
  : Omit<z.output<z.ZodObject<S>>, 'type' | 'data'> & IdentifierInput;

/**
 * Builds the zod schema of `{ type, data, ...extra }` for a request body. It reports the form's exact
 * messages at paths `type` and `data.<field>`, rejects unknown types, unknown data keys, non-string
 * values and over-long text, and outputs the cleaned data (trimmed, blank optional fields dropped,
 * country code with its plus). Pass extra body fields in `extra`, e.g. `{ displayValue: ... }`.
 */
export function identifierInputSchemaWith<S extends z.ZodRawShape>(extra: S) {
  return z
    .object({ ...extra, type: typeField, data: dataField })
    .superRefine((value, ctx) => {
      const { type, data } = value as unknown as { type: string; data: Record<string, unknown> };
      for (const error of findIdentifierInputErrors(type, data)) {
        ctx.addIssue({ code: 'custom', path: error.field.split('.'), message: error.message });
      }
    })
    .meta(identifierVariantsMeta)
    .transform((value) => {
      const { type, data } = value as unknown as { type: IdentifierInput['type']; data: unknown };
      return { ...value, type, data: cleanIdentifierData(type, data) } as unknown as WithInput<S>;
    });
}

/** `{ type, data }` of an identifier, validated and cleaned (see `identifierInputSchemaWith`). */
export const identifierInputSchema = identifierInputSchemaWith({});
