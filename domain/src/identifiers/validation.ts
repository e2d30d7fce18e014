import type { FieldError } from '../errors';
import { getIdentifierField, getIdentifierFields } from './catalogue';
import { FORMAT_RULES, REQUIRED_MESSAGES } from './field-rules';
import {
  IDENTIFIER_MESSAGES,
  blurFormatMessage,
  formatInvalidMessage,
  notAnOptionMessage,
  notTextMessage,
  requiredMessage,
  tooLongMessage,
} from './messages';
import { isIdentifierType } from './types';
import { findTextProblem } from '../text';

/**
 * When a check runs. `blur`: the person left one field. `submit`: the form (or the API) is checked
 * as a whole.
 *
 * Which message appears, checked in this order for each field:
 * 1. A non-string value (API only): "{label} must be text"; a null character or an unpaired surrogate
 *    (which no database text can hold): "{label} must not contain null characters" or "{label} must
 *    be valid Unicode text (...)", from the shared text rules in `../text`.
 * 2. Blank after trimming: on submit, "{label} is required" for required fields (Zelle's identifier
 *    says "Zelle identifier is required"); on blur nothing, so tabbing through an empty form does
 *    not paint it red. Blank optional fields are always fine.
 * 3. Too long: "{label} must be at most {n} characters" (512, or 5000 for notes and description).
 * 4. A select value that is not an option (API only): "{label} must be one of: a, b, c".
 * 5. A format failure: on blur always "Invalid {label lowercase} format"; on submit the rule's
 *    specific spec 5 message when it has one ("Please enter a valid email address", "Country code
 *    must be 1-4 digits (e.g., +1)", "Please enter a valid phone number", "Routing number must be 9
 *    digits", "Please enter a valid wallet address"), else "{label} format is invalid" (account
 *    number shorter than 4 characters, a profile URL that is not an http(s) link).
 */
export type ValidationMode = 'blur' | 'submit';

function valueOf(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

/**
 * The message for one field of a type's data, or undefined when it is fine (or the field is not one
 * of the type's). `data` is the whole form, because the Zelle identifier's rule depends on its type.
 */
export function validateIdentifierField(
  type: unknown,
  name: string,
  data: unknown,
  mode: ValidationMode = 'blur',
): string | undefined {
  const field = getIdentifierField(type, name);
  if (!field || !isIdentifierType(type)) return undefined;
  const raw = valueOf(data, name);
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return notTextMessage(field.label);
  const problem = typeof raw === 'string' ? findTextProblem(raw, field.label) : undefined;
  if (problem) return problem;
  const value = (raw ?? '').trim();
  if (value === '') {
    if (!field.required || mode === 'blur') return undefined;
    return REQUIRED_MESSAGES[type]?.[name] ?? requiredMessage(field.label);
  }
  if (value.length > field.maxLength) return tooLongMessage(field.label, field.maxLength);
  if (field.options && !field.options.some((option) => option.value === value)) {
    return notAnOptionMessage(
      field.label,
      field.options.map((option) => option.value),
    );
  }
  const rule = FORMAT_RULES[type][name];
  if (!rule || rule.isValid(value, data)) return undefined;
  if (mode === 'blur') return blurFormatMessage(field.label);
  return rule.message?.(data) ?? formatInvalidMessage(field.label);
}

/**
 * Checks a whole identifier form on submit. Errors are keyed by data field name (`address`), or
 * `type` for the type select, in form order. Empty means valid; otherwise show each message beside
 * its field and the summary `IDENTIFIER_MESSAGES.formSummary` above the form.
 */
export function validateIdentifier(type: unknown, data: unknown): FieldError[] {
  if (type === undefined || type === null || (typeof type === 'string' && type.trim() === '')) {
    return [{ field: 'type', message: IDENTIFIER_MESSAGES.selectType }];
  }
  if (!isIdentifierType(type)) return [{ field: 'type', message: IDENTIFIER_MESSAGES.invalidType }];
  const errors: FieldError[] = [];
  for (const field of getIdentifierFields(type)) {
    const message = validateIdentifierField(type, field.name, data, 'submit');
    if (message) errors.push({ field: field.name, message });
  }
  return errors;
}
