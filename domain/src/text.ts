import { z } from 'zod';

/**
 * The one text schema. Every string a request carries (bodies, query strings, CSV cells) passes
 * through `text()` before it can reach the database or a query: PostgreSQL refuses U+0000 and
 * cannot store an unpaired UTF-16 surrogate, so both are refused here with a 400 naming the field
 * rather than a 500 from the driver. Every text also has a length limit, so a megabyte-long string
 * is refused by name too. ESLint forbids a bare `z.string()` outside this module.
 */

/** The cap for texts that have no tighter limit of their own. */
export const TEXT_MAX_LENGTH = 10_000;

/** With the `u` flag a valid surrogate pair is one code point, so only unpaired halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** "{label} must not contain null characters": U+0000, which PostgreSQL text cannot hold. */
export const nullCharacterMessage = (label: string): string => `${label} must not contain null characters`;

/** An unpaired UTF-16 surrogate: not a character, so it has no UTF-8 form to store. */
export const loneSurrogateMessage = (label: string): string =>
  `${label} must be valid Unicode text (it contains an unpaired surrogate)`;

/** "{label} is too long (at most {max} characters)". */
export const textTooLongMessage = (label: string, max: number): string =>
  `${label} is too long (at most ${max} characters)`;

/**
 * Why `value` cannot be stored as text, or undefined when it can. Shared with checks that are not zod
 * schemas (identifier data is validated field by field for the form), so they refuse the same values.
 */
export function findTextProblem(value: string, label: string): string | undefined {
  if (value.includes('\u0000')) return nullCharacterMessage(label);
  if (LONE_SURROGATE.test(value)) return loneSurrogateMessage(label);
  return undefined;
}

/**
 * The first `max` UTF-16 units of `value`, one fewer when the cut would fall between the two halves of
 * a surrogate pair (an emoji): a text cut to a length stays text the text schema accepts, where a plain
 * `slice` leaves an unpaired half that the database cannot store.
 */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

export interface TextOptions {
  /** Names the field in messages: "Name is required", "Notes is too long (...)". */
  label: string;
  /** Longest accepted length, counted after trimming. Defaults to `TEXT_MAX_LENGTH`. */
  max?: number;
  /** Refuses a blank value with "{label} is required", or this message when it is a string. */
  required?: boolean | string;
  /** Removes surrounding white space (the default). Off for passwords and values kept byte for byte. */
  trim?: boolean;
  /** The message for a value that is too long, when it must differ from `textTooLongMessage`. */
  tooLongMessage?: string;
  /** The message (or zod error function) for a value that is not a string at all. */
  error?: z.core.$ZodStringParams['error'];
}

/**
 * A string schema that refuses null characters and unpaired surrogates and always has a maximum
 * length. It returns a plain `ZodString`, so `.describe()`, `.optional()`, `.default()`, `.min()`
 * and `.pipe(z.email())` chain as usual.
 */
export function text(options: TextOptions): z.ZodString {
  const { label, max = TEXT_MAX_LENGTH, required = false, trim = true } = options;
  // Left out, or not a string: said with the field's label, not zod's "Invalid input: expected string".
  const notText = (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required` : `${label} must be text`;
  let schema = z
    .string({ error: options.error ?? notText })
    .refine((value) => !value.includes('\u0000'), nullCharacterMessage(label))
    .refine((value) => !LONE_SURROGATE.test(value), loneSurrogateMessage(label));
  if (trim) schema = schema.trim();
  if (required) schema = schema.min(1, typeof required === 'string' ? required : `${label} is required`);
  return schema.max(max, options.tooLongMessage ?? textTooLongMessage(label, max));
}

/**
 * A string in a response schema. Answers are serialised, never parsed as input, so they are not
 * held to `text()`; never use this for a request's params, query or body.
 */
export function responseText(): z.ZodString {
  return z.string();
}
