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
