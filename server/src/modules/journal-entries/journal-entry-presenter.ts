import type { JournalEntry, JournalEntryType } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/schemas';
import type { Principal } from '../../plugins/auth';
import type { EntryRow } from './journal-entries.repository';
import { findLinksOfEntries, type EntryLinks, type TimelineEntry } from './journal-timeline.repository';

const NO_LINKS: EntryLinks = { evidence: [], identifiers: [], originators: [], signedBy: null };

/** ISO text of a time read as a Date, or already written as ISO text by the database. */
function isoOf(time: Date | string): string;
function isoOf(time: Date | string | null): string | null;
function isoOf(time: Date | string | null): string | null {
  return typeof time === 'string' ? time : iso(time);
}

/** The public shape of an entry, from its row and its links (looked up with the row or per page). */
export function toJournalEntry(row: EntryRow | TimelineEntry, links: EntryLinks): JournalEntry {
  const { evidence, identifiers, originators } = links;
  const find = (id: string | null) => (id ? originators.find((o) => o.id === id) : undefined);
  const originator = find(row.originatorId);
  const proxy = find(row.proxyOriginatorId) ?? null;
  const remover = find(row.nullifiedByOriginatorId);
  return {
    id: row.id,
    caseId: row.caseId,
    type: row.type as JournalEntryType,
    description: row.description,
    performedAt: isoOf(row.performedAt),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    originator: originator ? { ...originator, proxy } : null,
    evidence: evidence.map(({ id, title, kind, mediaType, sha256 }) => ({
      id,
      title,
      kind,
      mediaType,
      sha256,
    })),
    identifierIds: identifiers.map((identifier) => identifier.id),
    identifiers: identifiers.map(({ id, type, displayValue }) => ({ id, type, displayValue })),
    mediaIds: evidence.filter((item) => item.hasFile).map((item) => item.id),
    isSigned: links.signedBy !== null,
    signedBy: links.signedBy,
    isNullified: row.isNullified,
    nullifiedReason: row.nullifiedReason,
    nullifiedAt: isoOf(row.nullifiedAt),
    nullifiedBy: remover?.displayName ?? null,
  };
}

/** Entries for rows read on their own: their links in one statement for them all. */
export async function presentEntries(
  db: DbOrTx,
  rows: readonly EntryRow[],
  principal: Principal,
): Promise<JournalEntry[]> {
  const links = await findLinksOfEntries(
    db,
    rows.map((row) => row.id),
    principal,
  );
  return rows.map((row) => toJournalEntry(row, links.get(row.id) ?? NO_LINKS));
}

export async function presentEntry(db: DbOrTx, row: EntryRow, principal: Principal): Promise<JournalEntry> {
  return (await presentEntries(db, [row], principal))[0];
}
