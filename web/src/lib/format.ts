/**
 * How the app writes values for people: dates, counts, totals, and the dash of a missing value. Every
 * screen formats through here, so one value reads the same wherever it is shown.
 */

/** What a cell or a field shows when it has no value (spec 2.3: "a count, or a dash"). */
export const EMPTY_CELL = '—';

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const TIME_WITH_SECONDS = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Joins a time to its AM/PM, so "11:11 AM" never breaks across two lines. */
export const NO_BREAK_SPACE = '\u00a0';

/**
 * `date` as `format` writes it, with a no-break space before the AM/PM: a narrow cell or a wrapped line
 * breaks between the date and the time, never inside the time.
 */
function formatKeepingDayPeriod(format: Intl.DateTimeFormat, date: Date): string {
  const parts = format.formatToParts(date);
  return parts
    .map((part, index) =>
      part.type === 'literal' && parts[index + 1]?.type === 'dayPeriod' ? NO_BREAK_SPACE : part.value,
    )
    .join('');
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 5, 2025"; the fallback for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined, fallback = EMPTY_CELL): string {
  const date = toDate(value);
  return date ? DATE.format(date) : fallback;
}

/** "Mar 5, 2025, 2:03\u00a0PM"; the fallback for a missing or unreadable date. */
export function formatDateTime(value: string | Date | null | undefined, fallback = EMPTY_CELL): string {
  const date = toDate(value);
  return date ? formatKeepingDayPeriod(DATE_TIME, date) : fallback;
}

/** "2:03\u00a0PM"; the fallback for a missing or unreadable date. */
export function formatTime(value: string | Date | null | undefined, fallback = EMPTY_CELL): string {
  const date = toDate(value);
  return date ? formatKeepingDayPeriod(TIME, date) : fallback;
}

/** "2:03:45\u00a0PM", for messages of one sitting told apart by their second; the fallback as above. */
export function formatTimeWithSeconds(
  value: string | Date | null | undefined,
  fallback = EMPTY_CELL,
): string {
  const date = toDate(value);
  return date ? formatKeepingDayPeriod(TIME_WITH_SECONDS, date) : fallback;
}

/**
 * A count, or a dash when there is none. Zero shows a dash too: a count column (the identifiers'
 * Evidence) answers "is there any?", and a dash reads faster than a 0 in a long list.
 */
export function formatCount(count: number | null | undefined): string {
  return typeof count === 'number' && count > 0 ? count.toLocaleString('en-US') : EMPTY_CELL;
}

/** Totals beyond the server's exact count are estimates and read "10,000+". */
export const ESTIMATED_TOTAL_TEXT = '10,000+';

export function formatTotal(total: number, isEstimate: boolean): string {
  return isEstimate ? ESTIMATED_TOTAL_TEXT : total.toLocaleString('en-US');
}

/** "1 item" / "3 items". */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** A pager's range, "1–25 of 31 items" and "1–1 of 1 item": Carbon's own reads "of 1 items". */
export function itemRangeText(min: number, max: number, total: number): string {
  return `${min}–${max} of ${pluralise(total, 'item')}`;
}
