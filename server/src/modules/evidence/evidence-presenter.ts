import type { CaseStatus } from '@scamtrail/domain/cases';
import type { Evidence, EvidenceKind } from '@scamtrail/domain/evidence';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import type { TagRef } from '@scamtrail/domain/tags';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { viewerParams } from '../../db/case-visibility';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import { findOriginatorSummaries } from '../originators/originators.service';
import type { EvidenceWithCase } from './evidence.repository';
import { countIdentifiers, countJournalEntries, findTagsForEvidence } from './evidence-list.repository';

interface PageLookups {
  tags: Map<string, TagRef[]>;
  /** Null when the caller may not read journal entries: the count is left out, not 0. */
  journalEntryCounts: Map<string, number> | null;
  /** Null when the caller may not read identifiers. */
  identifierCounts: Map<string, number> | null;
  originators: Map<string, OriginatorSummary>;
  /** False when the caller may not read cases: the item names no case, not even as "no case". */
  showsCase: boolean;
}

function caseRefOf(caseRef: EvidenceWithCase['case']): Evidence['case'] {
  return caseRef
    ? { id: caseRef.id, number: caseRef.number, title: caseRef.title, status: caseRef.status as CaseStatus }
    : null;
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
    ...(lookups.showsCase && { case: caseRefOf(caseRef) }),
    tags: lookups.tags.get(row.id) ?? [],
    originator: originator ? { ...originator, proxy } : null,
    ...(lookups.journalEntryCounts && { journalEntryCount: lookups.journalEntryCounts.get(row.id) ?? 0 }),
    ...(lookups.identifierCounts && { identifierCount: lookups.identifierCounts.get(row.id) ?? 0 }),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * Responses for a page of items: tags, counts and originators come from one query each for the
 * whole page, whatever its size. The case, the count of journal entries and the count of identifiers
 * are records of other kinds: each is given only to a caller holding its view permission
 * (`viewerParams`), and left out otherwise, so a missing count never reads as 0.
 */
export async function presentEvidence(
  db: DbOrTx,
  principal: Principal,
  items: readonly EvidenceWithCase[],
): Promise<Evidence[]> {
  const ids = items.map((item) => item.row.id);
  const sees = viewerParams(principal);
  const [tags, journalEntryCounts, identifierCounts, originators] = await readsTogether(db, [
    () => findTagsForEvidence(db, ids),
    () => (sees.viewerSeesJournalEntries ? countJournalEntries(db, principal, ids) : null),
    () => (sees.viewerSeesIdentifiers ? countIdentifiers(db, ids) : null),
    () =>
      findOriginatorSummaries(
        db,
        items.flatMap((item) => [item.row.originatorId, item.row.proxyOriginatorId]),
      ),
  ]);
  const lookups = {
    tags,
    journalEntryCounts,
    identifierCounts,
    originators,
    showsCase: sees.viewerSeesCases,
  };
  return items.map((item) => toEvidence(item, lookups));
}
