import { z } from 'zod';
import { IDENTIFIER_CATALOGUE, type IdentifierFieldDefinition } from './catalogue';
import { IDENTIFIER_TYPES, type IdentifierType } from './types';
import { text } from '../text';

/**
 * The shape of each identifier type's `data`, built from the catalogue, for the API document and the
 * client generated from it: an identifier is one variant per type, told apart by `type`. These
 * schemas only describe: requests are checked by `identifierInputSchemaWith`, whose messages are the
 * form's, and answers are written as stored (only the type's fields, see `cleanIdentifierData`).
 */

const componentRef = (id: string) => `#/components/schemas/${id}`;

/** `bank_account` → `BankAccount`. */
const pascalCase = (type: IdentifierType) =>
  type
    .split('_')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

function fieldSchema(field: IdentifierFieldDefinition) {
  const values = field.options?.map((option) => option.value);
  const value = values
    ? z.enum(values as [string, ...string[]])
    : text({ label: field.label, max: field.maxLength });
  const described = value.describe(field.helpText ? `${field.label}: ${field.helpText}` : field.label);
  return field.required ? described : described.optional();
}

function dataSchema(type: IdentifierType) {
  const { label, fields } = IDENTIFIER_CATALOGUE[type];
  return z
    .strictObject(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])))
    .meta({ id: `${pascalCase(type)}Data`, description: `The data of an identifier of type ${label}` });
}

/** `{ type, data }` of one type, e.g. `EmailIdentifier`: `{ type: 'email', data: EmailData }`. */
const variantIds = Object.fromEntries(
  IDENTIFIER_TYPES.map((type) => {
    const id = `${pascalCase(type)}Identifier`;
    z.object({ type: z.literal(type), data: dataSchema(type) }).meta({ id });
    return [type, id];
  }),
) as Record<IdentifierType, string>;

/**
 * Keywords for an object carrying `type` and `data` (an identifier, a request to create one): it is
 * one of the variants, by `type`. Its own `data` property then says nothing (`identifierDataMeta`).
 */
export const identifierVariantsMeta = {
  oneOf: IDENTIFIER_TYPES.map((type) => ({ $ref: componentRef(variantIds[type]) })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(IDENTIFIER_TYPES.map((type) => [type, componentRef(variantIds[type])])),
  },
};

/** The `data` property beside `identifierVariantsMeta`: its shape is the variant's. */
export const identifierDataMeta = {
  type: undefined,
  propertyNames: undefined,
  additionalProperties: undefined,
  description: "The type's fields: see the variant of `type` (every value is a string)",
};

/** `data` without its `type` beside it (a change that may keep the stored type): any type's data. */
export const anyIdentifierDataMeta = {
  ...identifierDataMeta,
  description: 'The full replacement of the type-specific fields: the data of the type it will have',
  anyOf: IDENTIFIER_TYPES.map((type) => ({ $ref: componentRef(`${pascalCase(type)}Data`) })),
};

/** A `type` field that is checked as text (for the form's messages) but takes these values only. */
export const identifierTypeMeta = { enum: [...IDENTIFIER_TYPES] };
