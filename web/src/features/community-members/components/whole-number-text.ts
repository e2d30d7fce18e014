/**
 * The text of a Carbon NumberInput as typed, or, from its steppers, the value they set. Its `value`
 * is Number(text), which reads "2e2" as 200 and "0x10" as 16.
 */
export function numberInputText(event: { target: EventTarget | null }, value: number | string): string {
  return event.target instanceof HTMLInputElement ? event.target.value : String(value);
}

/**
 * The whole number a field's text holds: an optional sign and digits ('' is 0, where the field starts).
 * Anything else ("2e2", "1.5") is NaN, which the field's schema refuses as "{label} must be a whole number".
 */
export function wholeNumberOf(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
