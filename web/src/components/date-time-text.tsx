import { formatDate, formatTime } from '../lib/format';
import './date-time-text.scss';

interface DateTimeTextProps {
  /** An ISO date-time; without one, `fallback` shows. */
  value: string | null | undefined;
  fallback: string;
  /**
   * On one line from md up, where the table has room and its other columns wrap instead (an API key's
   * Created and Last used). Without it, a narrow column may put the time under the date.
   */
  oneLineFromMd?: boolean;
}

/**
 * "Nov 5, 2026, 2:03 PM" in a table cell, broken, if at all, only between the date and the time (in a
 * phone's card the value has a third of the screen). Every table's date and time is this one.
 */
export function DateTimeText({ value, fallback, oneLineFromMd = false }: DateTimeTextProps) {
  if (!value) return fallback;
  return (
    <time dateTime={value} className={oneLineFromMd ? 'date-time-text--one-line' : undefined}>
      <span className="date-time-text__part">{formatDate(value)},</span>{' '}
      <span className="date-time-text__part">{formatTime(value)}</span>
    </time>
  );
}
