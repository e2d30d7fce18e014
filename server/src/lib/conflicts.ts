import { AppError } from './errors';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/** The PostgreSQL error behind a failed query, looking through Drizzle's wrapper. */
function pgError(err: unknown): PgErrorFields | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof (e as PgErrorFields).code === 'string') return e as PgErrorFields;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for a unique-constraint violation (of `constraint`, when named and reported). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  if (pg?.code !== '23505') return false;
  return !constraint || typeof pg.constraint !== 'string' || pg.constraint === constraint;
}

/** True for a foreign-key violation: the row referred to is gone (deleted while the write ran). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

/** 409 naming the field whose value is taken. */
export function fieldConflict(field: string, message: string): AppError {
  return new AppError('CONFLICT', message, { fields: [{ field, message }] });
}

/**
 * Runs a write that may hit a unique index and turns that violation into a 409 naming the field.
 * The index, not a prior lookup, decides, so two concurrent writers cannot both win.
 */
export async function withUniqueField<T>(
  write: () => Promise<T>,
  unique: { constraint: string; field: string; message: string },
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, unique.constraint)) throw fieldConflict(unique.field, unique.message);
    throw err;
  }
}
