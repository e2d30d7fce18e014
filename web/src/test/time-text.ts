/**
 * Times as the app writes them (lib/format.ts): "12:00 PM" with a no-break space before its AM/PM, so
 * that a narrow cell never breaks the time from it. Tests write the expected text with a plain space
 * and read it through these.
 */

/** `text` with each " AM" / " PM" after a time joined by a no-break space, as the page writes it. */
export function timeText(text: string): string {
  return text.replace(/(\d) ([AP]M)/g, '$1\u00a0$2');
}

/**
 * `text` as jest-dom's `toHaveTextContent` compares it: it reads the page's no-break spaces as spaces,
 * and an expected text holding one would never match.
 */
export function asTextContent(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}
