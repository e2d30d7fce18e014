import type { DbOrTx } from '../../db/client';
import type { FieldError } from '@scamtrail/domain/errors';
import { AppError } from '../../lib/errors';
import { findMissingTagIds } from './tags.repository';

/** The one message for a tag id that names no tag, whichever record was to carry it. */
const UNKNOWN_TAG = 'No tag with this id';

/**
 * The errors for the ids of `tagIds` that are not tags, each named `<field>.<index>` so the form can mark
 * the very chip; empty when all exist. Call inside the write's transaction.
 */
export async function unknownTagErrors(
  db: DbOrTx,
  tagIds: readonly string[],
  field = 'tagIds',
): Promise<FieldError[]> {
  if (tagIds.length === 0) return [];
  const missing = new Set(await findMissingTagIds(db, tagIds));
  return tagIds.flatMap((id, i) =>
    missing.has(id) ? [{ field: `${field}.${i}`, message: UNKNOWN_TAG }] : [],
  );
}

/** 400 naming `<field>.<index>` for each id of `tagIds` that is not a tag. */
export async function requireTags(db: DbOrTx, tagIds: readonly string[], field = 'tagIds'): Promise<void> {
  const errors = await unknownTagErrors(db, tagIds, field);
  if (errors.length > 0) throw AppError.validation(errors);
}
