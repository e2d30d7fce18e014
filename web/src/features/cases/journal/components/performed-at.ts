/** The entry dialog's "when": a calendar day and a local time of day ("14:05"). */
export interface PerformedAtInput {
  date: Date | null;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local day and time of an instant; seconds are dropped, as the form does not show them. */
export function splitPerformedAt(value: string | Date): PerformedAtInput {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return { date: null, time: '' };
  return {
    date: new Date(instant.getFullYear(), instant.getMonth(), instant.getDate()),
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

/** The instant as ISO 8601 (UTC), or null when the day is missing or the time is not HH:MM. */
export function joinPerformedAt({ date, time }: PerformedAtInput): string | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  if (!date || Number.isNaN(date.getTime()) || !match) return null;
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
  return a.time === b.time && a.date?.getTime() === b.date?.getTime();
}
