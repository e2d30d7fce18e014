import { entityTagOf } from '@scamtrail/domain/entity-tags';
import { isApiError } from './api-error';

/** The `If-Match` header of an edit made from `record` as the dialog read it. */
export function ifMatchHeaders(record: { updatedAt: string }): Record<string, string> {
  return { 'If-Match': entityTagOf(record.updatedAt) };
}

/**
 * The record as it is now, when `error` refused an edit because someone else changed the record since
 * it was read (412 PRECONDITION_FAILED); undefined for any other error.
 */
export function editConflictOf<T>(error: unknown): T | undefined {
  if (!isApiError(error) || error.code !== 'PRECONDITION_FAILED') return undefined;
  return error.details?.current as T | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form's values moved onto the version someone else has just saved: each field the user changed
 * from `base` keeps their value, every other one takes the value it has in `current`. `base` and
 * `current` are the form's values of the two versions.
 */
export function rebaseValues<V extends object>(values: V, base: V, current: V): V {
  const rebased = { ...values };
  for (const key of Object.keys(values) as (keyof V)[]) {
    if (same(values[key], base[key])) rebased[key] = current[key];
  }
  return rebased;
}

/** The ids of `current`, with what the user added to `base` and without what they took away. */
export function rebaseIds(edited: string[], base: string[], current: string[]): string[] {
  const added = edited.filter((id) => !base.includes(id));
  const removed = base.filter((id) => !edited.includes(id));
  return [...new Set([...current, ...added])].filter((id) => !removed.includes(id));
}

/** One field a conflict notice names: its label, what is compared, and how its current value reads. */
export interface ConflictField<R> {
  label: string;
  valueOf: (record: R) => unknown;
  /** The value as the notice shows it; the compared value as text when absent. */
  show?: (record: R) => string;
}

/** What another person changed between `base` and `current`, each as "Field: its value now". */
export function describeChanges<R>(base: R, current: R, fields: ConflictField<R>[]): string[] {
  return fields
    .filter((field) => !same(field.valueOf(base), field.valueOf(current)))
    .map((field) => {
      const shown = field.show ? field.show(current) : field.valueOf(current);
      return `${field.label}: ${shown === '' || shown == null ? 'none' : String(shown)}`;
    });
}
