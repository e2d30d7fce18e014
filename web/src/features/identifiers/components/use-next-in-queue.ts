import { useState } from 'react';

interface Position {
  openId: string | null;
  nextId: string | null;
  /** The open identifier was on the page: once it leaves, its place in the order is kept. */
  wasOnPage: boolean;
}

/**
 * The identifier after `openId` in the queue's page as the reviewer saw it, or null at its end. The page
 * refreshes once a decision is saved, and a decided identifier leaves it (it is no longer awaiting review):
 * the next one is still the one that followed it before, so the last order seen with the open identifier
 * in it is kept. An identifier opened from a link, not on the page, is followed by the page's first.
 */
export function useNextInQueue(items: readonly { id: string }[], openId: string | null): string | null {
  const [seen, setSeen] = useState<Position>({ openId: null, nextId: null, wasOnPage: false });
  if (!openId) return null;
  const index = items.findIndex((item) => item.id === openId);
  let now = seen;
  if (index >= 0) {
    now = { openId, nextId: items[index + 1]?.id ?? null, wasOnPage: true };
  } else if (seen.openId !== openId || !seen.wasOnPage) {
    now = { openId, nextId: items[0]?.id ?? null, wasOnPage: false };
  }
  // Kept as state, set while rendering (React's pattern for state derived from what was shown before).
  if (now.openId !== seen.openId || now.nextId !== seen.nextId || now.wasOnPage !== seen.wasOnPage) {
    setSeen(now);
  }
  return now.nextId;
}
