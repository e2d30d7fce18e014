/**
 * Business limits of identifier data (spec 9), shared by the form, the API schema and the detection
 * helper so they cannot drift apart.
 */

/** A phone number needs at least this many digits once non-digits are removed. */
export const PHONE_MIN_DIGITS = 7;
/** E.164 caps a whole number at 15 digits, so the national part can never be longer. */
export const PHONE_MAX_DIGITS = 15;
/** A country code is a plus sign and 1-4 digits. */
export const COUNTRY_CODE_MIN_DIGITS = 1;
export const COUNTRY_CODE_MAX_DIGITS = 4;
/** An ABA routing number is exactly this many digits. */
export const ROUTING_NUMBER_LENGTH = 9;
/** An account number has at least this many characters (spaces and dashes not counted). */
export const ACCOUNT_NUMBER_MIN_LENGTH = 4;
/** A wallet address has at least this many characters. */
export const WALLET_ADDRESS_MIN_LENGTH = 20;

/** Longest value a single-line field accepts. */
export const FIELD_MAX_LENGTH = 512;
/** Longest value a free-text (textarea) field such as notes or description accepts. */
export const NOTES_MAX_LENGTH = 5000;
/** Longest display value the API accepts from a client (it is recomputed anyway). */
export const DISPLAY_VALUE_MAX_LENGTH = 1024;

/** The default country code for numbers written without one (spec 5: "default country +1"). */
export const DEFAULT_COUNTRY_CODE = '+1';
