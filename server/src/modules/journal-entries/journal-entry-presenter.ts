import type { JournalEntry, JournalEntryType } from '@scamtrail/domain/journal-entries';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/schemas';
import type { Principal } from '../../plugins/auth';
import { findOriginatorSummaries } from '../originators/originators.repository';
import type { EntryRow } from './journal-entries.repository';
import {
  findEvidenceOfEntries,
  findIdentifiersOfEntries,
  type EntryEvidence,
  type EntryIdentifier,
} from './journal-timeline.repository';

type Summaries = Awaited<ReturnType<typeof findOriginatorSummaries>>;

/** The public shape of an entry; links and originators come from one lookup each for the whole page. */
export function toJournalEntry(
  row: EntryRow,
  evidence: readonly EntryEvidence[],
  identifiers: readonly EntryIdentifier[],
  originators: Summaries,
): JournalEntry {
  const originator = originators.get(row.originatorId);
  const proxy = row.proxyOriginatorId ? (originators.get(row.proxyOriginatorId) ?? null) : null;
  const remover = row.nullifiedByOriginatorId ? originators.get(row.nullifiedByOriginatorId) : undefined;
  return {
    id: row.id,
    caseId: row.caseId,
    type: row.type as JournalEntryType,
    description: row.description,
    performedAt: iso(row.performedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
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
    // Signing comes with its own issue; until then no entry is signed.
    isSigned: false,
    signedBy: null,
    isNullified: row.isNullified,
    nullifiedReason: row.nullifiedReason,
    nullifiedAt: iso(row.nullifiedAt),
    nullifiedBy: remover?.displayName ?? null,
  };
}

/** Entries for a page of rows: evidence, identifiers and originators in one query each. */
export async function presentEntries(
  db: DbOrTx,
  rows: readonly EntryRow[],
  principal: Principal,
): Promise<JournalEntry[]> {
  const ids = rows.map((row) => row.id);
  const [evidence, identifiers, originators] = await Promise.all([
    findEvidenceOfEntries(db, ids, principal),
    findIdentifiersOfEntries(db, ids),
    findOriginatorSummaries(
      db,
      rows.flatMap((row) => [row.originatorId, row.proxyOriginatorId, row.nullifiedByOriginatorId]),
    ),
  ]);
  return rows.map((row) =>
    toJournalEntry(row, evidence.get(row.id) ?? [], identifiers.get(row.id) ?? [], originators),
  );
}

export async function presentEntry(db: DbOrTx, row: EntryRow, principal: Principal): Promise<JournalEntry> {
  return (await presentEntries(db, [row], principal))[0];
}
