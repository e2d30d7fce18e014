/**
 * Tolerant readers for identifier `data`. Display values and keys are also computed for rows read
 * back from storage, so they must not throw on a missing or odd field.
 */

/** The trimmed string at `data[name]`, or '' when the field is missing or not a string. */
export function readText(data: unknown, name: string): string {
  if (typeof data !== 'object' || data === null) return '';
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** Only the digits of `value`. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** `value` without spaces and dashes, upper-cased (bank account numbers, IBANs). */
export function compactUpper(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
