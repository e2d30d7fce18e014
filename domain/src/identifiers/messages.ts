/**
 * The identifier form's messages, word for word from spec 5. `validation.ts` documents which one
 * appears in which situation.
 */
export const IDENTIFIER_MESSAGES = {
  /** Submit with no type chosen. */
  selectType: 'Please select an identifier type',
  /** A type the catalogue does not know. */
  invalidType: 'Invalid identifier type',
  /** The summary shown above the form when any field is in error. */
  formSummary: 'Please correct the errors in the form',
  invalidEmail: 'Please enter a valid email address',
  invalidCountryCode: 'Country code must be 1-4 digits (e.g., +1)',
  invalidPhoneNumber: 'Please enter a valid phone number',
  invalidRoutingNumber: 'Routing number must be 9 digits',
  zelleIdentifierRequired: 'Zelle identifier is required',
  invalidWalletAddress: 'Please enter a valid wallet address',
  /** API only: `data` is not a JSON object. */
  dataNotObject: 'Identifier data must be an object',
} as const;

/** "{label} is required": a blank required field. */
export const requiredMessage = (label: string): string => `${label} is required`;

/** "{label} format is invalid": a pattern failure on submit when the rule has no specific message. */
export const formatInvalidMessage = (label: string): string => `${label} format is invalid`;

/** "Invalid {label lowercase} format": any pattern failure on blur. */
export const blurFormatMessage = (label: string): string => `Invalid ${label.toLowerCase()} format`;

/** A value longer than the field allows. */
export const tooLongMessage = (label: string, max: number): string =>
  `${label} must be at most ${max} characters`;

/** A select value that is not one of the field's options (only reachable through the API). */
export const notAnOptionMessage = (label: string, values: readonly string[]): string =>
  `${label} must be one of: ${values.join(', ')}`;

/** A non-string value (only reachable through the API). */
export const notTextMessage = (label: string): string => `${label} must be text`;

/** A key in `data` the type does not define (only reachable through the API). */
export const unknownFieldMessage = (name: string): string => `Unknown field "${name}"`;
