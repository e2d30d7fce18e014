import { formatDate, formatTime } from '../lib/format';
import './date-time-text.scss';

interface DateTimeTextProps {
  /** An ISO date-time; without one, `fallback` shows. */
  value: string | null | undefined;
  fallback: string;
}

/**
 * "Nov 5, 2026, 2:03 PM" in a table cell: on one line from md up, where a date beside its time reads
 * at a glance and the table has room (the columns around it wrap instead); in a phone's card, where
 * the value has a third of the screen, it breaks only between the date and the time.
 */
export function DateTimeText({ value, fallback }: DateTimeTextProps) {
  if (!value) return fallback;
  return (
    <time dateTime={value} className="date-time-text">
      <span className="date-time-text__part">{formatDate(value)},</span>{' '}
      <span className="date-time-text__part">{formatTime(value)}</span>
    </time>
  );
}
