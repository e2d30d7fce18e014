import Bowser from 'bowser';

export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * A session's device as people name it, read from the user agent it signed in with: "Chrome 131 on
 * Linux", "Safari 17 on iOS". A user agent naming no browser or system (a script) shows its first
 * word ("curl/8.4.0"); none at all shows "Unknown device".
 */
export function describeDevice(userAgent: string | null): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(ua);
  const major = browser.version?.split('.')[0];
  const browserName = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  const osName = os.name ?? '';
  if (browserName && osName) return `${browserName} on ${osName}`;
  return browserName || osName || ua.split(/\s/)[0].slice(0, 60);
}
