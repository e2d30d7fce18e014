import Bowser from 'bowser';

/**
 * "Chrome on macOS": a name to offer for a passkey created in this browser, read from its user agent
 * by Bowser (the library the server names sessions with). Without a browser or a system in it, the
 * one found, or "My passkey".
 */
export function describeDevice(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || 'My passkey';
}
