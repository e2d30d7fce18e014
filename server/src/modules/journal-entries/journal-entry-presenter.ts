import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import type { EntryRow } from './journal-entries.repository';
import { findEntries } from './journal-timeline.repository';

/**
 * The public shape of an entry just read or written, as the database writes it for a journal page
 * (`findEntries`), so that one statement is the only description of an entry answer.
 */
export async function presentEntry(db: DbOrTx, row: EntryRow, principal: Principal): Promise<JournalEntry> {
  const [entry] = await findEntries(db, [row.id], principal);
  return entry;
}
