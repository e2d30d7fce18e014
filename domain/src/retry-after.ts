/**
 * How long a `Retry-After` header asks to wait, in milliseconds: delay-seconds ("120") or an HTTP date
 * (0 once it has passed); undefined when there is none or it is neither. The first of repeated values
 * counts. One reading for the web app's error messages and the webhook worker's retries.
 */
export function retryAfterMs(
  value: string | readonly string[] | null | undefined,
  now: number,
): number | undefined {
  const header = (typeof value === 'string' ? value : value?.[0])?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  // Every HTTP date form starts with the day's name: "-5" or "2026" is neither form, whatever Date.parse makes of it.
  const date = /^[a-z]/i.test(header) ? Date.parse(header) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
