import { ACCEPT_JSON } from './api-url';

/**
 * The page's first API requests, sent by the script index.html runs before any module
 * (first-requests.ts), and handed to the API client when the app asks for the same URL (issue 38: the
 * session and the route's data no longer wait for the app's code). Kept on the window, the one thing
 * the inline script and the modules share. Each answer is taken once; what the app has not taken once
 * its first route has asked for its data is dropped (main.tsx), so a later screen never reads an
 * answer from the page's first moment.
 */
const STORE_KEY = '__scamtrailFirstResponses';

/** Per URL, the answer, or undefined when the request did not reach the server. */
type FirstResponses = Map<string, Promise<Response | undefined>>;

const holder = globalThis as unknown as Record<typeof STORE_KEY, FirstResponses | undefined>;

/** Sends a GET for each URL as the API client sends it, and keeps the answers for it. */
export function sendFirstRequests(urls: readonly string[]): void {
  const sent: FirstResponses = new Map();
  for (const url of new Set(urls)) {
    sent.set(
      url,
      fetch(url, { credentials: 'same-origin', headers: ACCEPT_JSON }).catch(() => undefined),
    );
  }
  holder[STORE_KEY] = sent;
}

/** The first request's answer for `url`, once; undefined when none was sent (or it was taken). */
export function takeFirstResponse(url: string): Promise<Response | undefined> | undefined {
  const sent = holder[STORE_KEY];
  const answer = sent?.get(url);
  sent?.delete(url);
  return answer;
}

/** Drops the answers nobody took, leaving their bodies unread. */
export function discardFirstResponses(): void {
  const sent = holder[STORE_KEY];
  holder[STORE_KEY] = undefined;
  for (const answer of sent?.values() ?? []) {
    void answer.then((response) => response?.body?.cancel()).catch(() => undefined);
  }
}
