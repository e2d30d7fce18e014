import { formatDay, parseDay } from '../../../../lib/day-text';

/** The entry dialog's "when": a calendar day as its date field holds it (06/15/2026) and a local time of day ("14:05"). */
export interface PerformedAtInput {
  date: string;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local day and time of an instant; seconds are dropped, as the form does not show them. */
export function splitPerformedAt(value: string | Date): PerformedAtInput {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  return {
    date: formatDay(instant),
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** The instant as ISO 8601 (UTC), or null when the day is missing or unreadable or the time is not HH:MM. */
export function joinPerformedAt(when: PerformedAtInput): string | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(when.time.trim());
  const date = parseDay(when.date);
  if (!date || !match) return null;
  const instant = new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    Number(match[1]),
    Number(match[2]),
  );
  return instant.toISOString();
}

export function samePerformedAt(a: PerformedAtInput, b: PerformedAtInput): boolean {
  // 1/5/2026 is 01/05/2026; text that names no day is the same only as itself.
  const day = ({ date }: PerformedAtInput) => parseDay(date)?.getTime() ?? date;
  return a.time === b.time && day(a) === day(b);
}
