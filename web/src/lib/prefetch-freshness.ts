/**
 * How long an answer fetched ahead of its screen (a route's prefetch) counts as fresh. Without it
 * the screen, mounting a moment after the answer arrived, would find it stale and ask again. A
 * change made in this app invalidates the answer at once whatever this says; a change made
 * elsewhere shows on the next visit after it.
 */
export const PREFETCHED_FRESH_MS = 10_000;
