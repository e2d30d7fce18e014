import { FIELD_MAX_LENGTH, NOTES_MAX_LENGTH } from './limits';
import {
  BANK_ACCOUNT_TYPE_OPTIONS,
  CRYPTO_NETWORK_OPTIONS,
  SOCIAL_PLATFORM_OPTIONS,
  ZELLE_IDENTIFIER_TYPE_OPTIONS,
  type SelectOption,
} from './options';
import { isIdentifierType, type IdentifierType } from './types';

/** How a field is entered in the form. */
export type FieldKind = 'text' | 'select' | 'textarea';

/** One field of an identifier type's data, as the form renders it and validation names it. */
export interface IdentifierFieldDefinition {
  /** Key inside `data`, e.g. `address`. */
  name: string;
  /** Shown above the input and used in messages ("{label} is required"). */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Choices of a select field, in display order. */
  options?: readonly SelectOption[];
  placeholder?: string;
  helpText?: string;
  maxLength: number;
}

/** One identifier type: its label and its data fields in form order. */
export interface IdentifierTypeDefinition {
  type: IdentifierType;
  label: string;
  fields: readonly IdentifierFieldDefinition[];
}

/** Message for a type the catalogue does not know (spec 8). */
export const UNKNOWN_IDENTIFIER_TYPE = 'Unknown identifier type';

const text = (
  name: string,
  label: string,
  required: boolean,
  extra: Partial<IdentifierFieldDefinition> = {},
): IdentifierFieldDefinition => ({
  name,
  label,
  kind: 'text',
  required,
  maxLength: FIELD_MAX_LENGTH,
  ...extra,
});

const select = (
  name: string,
  label: string,
  required: boolean,
  options: readonly SelectOption[],
): IdentifierFieldDefinition => ({
  name,
  label,
  kind: 'select',
  required,
  options,
  maxLength: FIELD_MAX_LENGTH,
});

const textarea = (name: string, label: string, placeholder?: string): IdentifierFieldDefinition => ({
  name,
  label,
  kind: 'textarea',
  required: false,
  placeholder,
  maxLength: NOTES_MAX_LENGTH,
});

/**
 * The optional free-text note. Spec 3 lists it for crypto wallets and allows it on every type at
 * creation, so every type's field list ends with it.
 */
export const NOTES_FIELD = textarea('notes', 'Notes', 'Anything an investigator should know');

/** The seven identifier types, their labels and fields (spec 3). */
export const IDENTIFIER_CATALOGUE: Readonly<Record<IdentifierType, IdentifierTypeDefinition>> = {
  email: {
    type: 'email',
    label: 'Email',
    fields: [text('address', 'Email Address', true, { placeholder: 'name@example.com' }), NOTES_FIELD],
  },
  phone: {
    type: 'phone',
    label: 'Phone',
    fields: [
      text('countryCode', 'Country Code', true, {
        placeholder: '+1',
        helpText: 'A plus sign and 1-4 digits; the plus is added if you leave it out',
      }),
      text('number', 'Phone Number', true, { placeholder: '555 123 4567' }),
      NOTES_FIELD,
    ],
  },
  bank_account: {
    type: 'bank_account',
    label: 'Bank Account',
    fields: [
      text('bankName', 'Bank Name', true, { placeholder: 'e.g. Chase' }),
      text('accountName', 'Account Name', true, { helpText: 'The name the account is held under' }),
      text('accountNumber', 'Account Number', true, { helpText: 'At least 4 characters, or an IBAN' }),
      text('routingNumber', 'Routing Number', false, {
        placeholder: '9 digits',
        helpText: 'ABA routing number',
      }),
      select('accountType', 'Account Type', false, BANK_ACCOUNT_TYPE_OPTIONS),
      NOTES_FIELD,
    ],
  },
  zelle: {
    type: 'zelle',
    label: 'Zelle',
    fields: [
      select('identifierType', 'Identifier Type', true, ZELLE_IDENTIFIER_TYPE_OPTIONS),
      text('identifier', 'Zelle Identifier', true, {
        placeholder: 'Email address or phone number',
        helpText: 'The e-mail address or phone number registered with Zelle',
      }),
      NOTES_FIELD,
    ],
  },
  crypto_wallet: {
    type: 'crypto_wallet',
    label: 'Crypto Wallet',
    fields: [
      select('network', 'Network', true, CRYPTO_NETWORK_OPTIONS),
      text('address', 'Wallet Address', true, { helpText: 'At least 20 characters' }),
      NOTES_FIELD,
    ],
  },
  social_media: {
    type: 'social_media',
    label: 'Social Media',
    fields: [
      select('platform', 'Platform', true, SOCIAL_PLATFORM_OPTIONS),
      text('username', 'Username', true, { placeholder: '@username' }),
      text('profileUrl', 'Profile URL', false, { placeholder: 'https://' }),
      NOTES_FIELD,
    ],
  },
  other: {
    type: 'other',
    label: 'Other',
    fields: [
      text('identifierType', 'Type', true, { placeholder: 'e.g. Website, License plate' }),
      text('value', 'Value', true),
      textarea('description', 'Description'),
      NOTES_FIELD,
    ],
  },
};

/** Type labels by type: "Email", "Phone", "Bank Account", "Zelle", "Crypto Wallet", "Social Media", "Other". */
export const IDENTIFIER_TYPE_LABELS: Readonly<Record<IdentifierType, string>> = Object.fromEntries(
  Object.values(IDENTIFIER_CATALOGUE).map((definition) => [definition.type, definition.label]),
) as Record<IdentifierType, string>;

/** The label of a type, or "Unknown identifier type" for anything else. */
export function getIdentifierTypeLabel(type: unknown): string {
  return isIdentifierType(type) ? IDENTIFIER_CATALOGUE[type].label : UNKNOWN_IDENTIFIER_TYPE;
}

/** The fields of a type in form order; an empty list for an unknown type. */
export function getIdentifierFields(type: unknown): readonly IdentifierFieldDefinition[] {
  return isIdentifierType(type) ? IDENTIFIER_CATALOGUE[type].fields : [];
}

/** One field of a type, or undefined when the type or the field is unknown. */
export function getIdentifierField(type: unknown, name: string): IdentifierFieldDefinition | undefined {
  return getIdentifierFields(type).find((field) => field.name === name);
}
