/** Builds each stale output of the production build, the web app then the server (see build-freshness.mjs). */
export function buildWhereStale(): Promise<void>;
