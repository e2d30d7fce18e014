import type { CaseStatus } from '@scamtrail/domain/cases';
import type { Evidence, EvidenceKind } from '@scamtrail/domain/evidence';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import type { TagRef } from '@scamtrail/domain/tags';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { findOriginatorSummaries } from '../originators/originators.service';
import type { EvidenceWithCase } from './evidence.repository';
import { countIdentifiers, countJournalEntries, findTagsForEvidence } from './evidence-list.repository';

interface PageLookups {
  tags: Map<string, TagRef[]>;
  journalEntryCounts: Map<string, number>;
  identifierCounts: Map<string, number>;
  originators: Map<string, OriginatorSummary>;
}

function toEvidence({ row, case: caseRef }: EvidenceWithCase, lookups: PageLookups): Evidence {
  const originator = lookups.originators.get(row.originatorId);
  const proxy = row.proxyOriginatorId ? (lookups.originators.get(row.proxyOriginatorId) ?? null) : null;
  return {
    id: row.id,
    kind: row.kind as EvidenceKind,
    title: row.title,
    description: row.description,
    body: row.kind === 'written' ? (row.body ?? '') : null,
    fileName: row.fileName,
    mediaType: row.contentType,
    size: row.sizeBytes,
    sha256: row.sha256,
    case: caseRef
      ? { id: caseRef.id, number: caseRef.number, title: caseRef.title, status: caseRef.status as CaseStatus }
      : null,
    tags: lookups.tags.get(row.id) ?? [],
    originator: originator ? { ...originator, proxy } : null,
    journalEntryCount: lookups.journalEntryCounts.get(row.id) ?? 0,
    identifierCount: lookups.identifierCounts.get(row.id) ?? 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * Responses for a page of items: tags, counts and originators come from one query each for the
 * whole page, whatever its size.
 */
export async function presentEvidence(
  db: DbOrTx,
  principal: Principal,
  items: readonly EvidenceWithCase[],
): Promise<Evidence[]> {
  const ids = items.map((item) => item.row.id);
  const [tags, journalEntryCounts, identifierCounts, originators] = await Promise.all([
    findTagsForEvidence(db, ids),
    countJournalEntries(db, principal, ids),
    countIdentifiers(db, ids),
    findOriginatorSummaries(
      db,
      items.flatMap((item) => [item.row.originatorId, item.row.proxyOriginatorId]),
    ),
  ]);
  const lookups = { tags, journalEntryCounts, identifierCounts, originators };
  return items.map((item) => toEvidence(item, lookups));
}
