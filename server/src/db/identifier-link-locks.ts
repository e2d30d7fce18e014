import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { evidenceIdentifiers, identifiers, journalEntryIdentifiers } from './schema/index';
import { isAnyUuid } from './sql/arrays';

/**
 * Locks taken before a statement adds, removes or moves links to identifiers: an entry's or an
 * evidence item's links inserted or deleted, or updated because the entry or item moved to another
 * case or the entry was removed (migration 0009's triggers copy the case onto the links).
 *
 * Migration 0031's sightings triggers update, for each link the statement meets, the identifier's
 * sighting in the case and then the identifier's row (its case count), in the order the statement
 * meets the links: the table's order for an update or a delete. Two changes naming the same
 * identifiers in other orders could each hold one and wait for the other: a deadlock (40P01, answered
 * 503). So every such statement first takes the identifiers' rows in id order (`no key update`, as a
 * change of the identifier does, which leaves links elsewhere free to be written); two changes sharing
 * identifiers then queue on the first they share, and an identifier's sightings are only written by
 * whoever holds it.
 */
export async function lockIdentifiersInIdOrder(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await lockIdentifiersWhere(db, isAnyUuid(identifiers.id, ids));
}

/** As `lockIdentifiersInIdOrder`, for the identifiers a journal entry links. */
export async function lockEntryIdentifiers(db: DbOrTx, entryId: string): Promise<void> {
  await lockIdentifiersWhere(
    db,
    sql`${identifiers.id} in (select ${journalEntryIdentifiers.identifierId} from ${journalEntryIdentifiers}
      where ${journalEntryIdentifiers.journalEntryId} = ${entryId})`,
  );
}

/** As `lockIdentifiersInIdOrder`, for the identifiers an evidence item links. */
export async function lockEvidenceIdentifiers(db: DbOrTx, evidenceId: string): Promise<void> {
  await lockIdentifiersWhere(
    db,
    sql`${identifiers.id} in (select ${evidenceIdentifiers.identifierId} from ${evidenceIdentifiers}
      where ${evidenceIdentifiers.evidenceId} = ${evidenceId})`,
  );
}

async function lockIdentifiersWhere(db: DbOrTx, where: SQL): Promise<void> {
  await db
    .select({ id: identifiers.id })
    .from(identifiers)
    .where(where)
    .orderBy(identifiers.id)
    .for('no key update');
}
