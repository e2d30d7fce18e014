import { z } from 'zod';

/** A day as the app's date fields write it (Carbon's date picker's default format): 12/31/2027. */
const DAY_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The day `text` names in the picker's format (12/31/2027 or 1/5/2027), or null: 2/30/2027 is no day. */
export function parseDay(text: string): Date | null {
  const match = DAY_TEXT.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  const same = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return same ? date : null;
}

/** `date` as the picker writes it: 06/15/2026. */
export function formatDay(date: Date): string {
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;
}

/** The message for a date field whose text names no day, naming the field. */
function unreadableDayMessage(label: string): string {
  return `${label} must be a date written mm/dd/yyyy`;
}

/** A date field's text as its day: null when empty, an issue naming the field when it names no day. */
export function dayTextSchema(label: string) {
  return z.string().transform((text, ctx): Date | null => {
    if (!text.trim()) return null;
    const day = parseDay(text);
    if (day) return day;
    ctx.addIssue({ code: 'custom', message: unreadableDayMessage(label) });
    return z.NEVER;
  });
}
