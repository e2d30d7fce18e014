/** What a cell shows when it has no value (spec 2.3: "a count, or a dash"). */
export const EMPTY_CELL = '-';

function toDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The list's Date column: short month, day, year ("Nov 20, 2026"); a dash when missing. */
export function formatListDate(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY_CELL;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** A date with its time, for the detail modal ("Nov 20, 2026, 11:50 PM"); a dash when missing. */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return EMPTY_CELL;
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * The Evidence column: the count, or a dash when there is none. Zero shows a dash too: the column
 * answers "is there evidence?", and a dash reads faster than a 0 in a long list.
 */
export function formatEvidenceCount(count: number | null | undefined): string {
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
