import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system Chromium; the tests never download a browser. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at CHROMIUM_PATH, ${CANDIDATES.join(', ')}). ` +
        'Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
    );
  }
  return found;
}
