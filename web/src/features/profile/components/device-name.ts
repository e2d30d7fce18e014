import Bowser from 'bowser';

/**
 * "Chrome on macOS": a name to offer for a passkey created in this browser, read from its user agent
 * by Bowser (the library the server names sessions with). Without a browser or a system in it, the
 * one found, or "My passkey".
 *
 * An iPad (iPadOS 13 and later) sends the user agent of a Mac; unlike a Mac it has a touch screen, so
 * `touchPoints` (the browser's `navigator.maxTouchPoints`) tells the two apart.
 */
export function describeDevice(userAgent: string, touchPoints = 0): string {
  const { browser, os } = Bowser.parse(userAgent);
  const system = os.name === 'macOS' && touchPoints > 1 ? 'iPadOS' : os.name;
  if (browser.name && system) return `${browser.name} on ${system}`;
  return browser.name || system || 'My passkey';
}
