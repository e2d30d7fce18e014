/** True when PostgreSQL canceled the statement (SQLSTATE 57014, e.g. statement_timeout), looking through Drizzle's wrapper. */
export function isQueryCanceled(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
