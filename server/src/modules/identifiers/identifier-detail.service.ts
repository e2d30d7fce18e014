import { hasPermission } from '@scamtrail/domain/permissions';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import {
  IDENTIFIER_DETAIL_PAGE_SIZE,
  type IdentifierDetail,
  type IdentifierEvidenceQuery,
  type IdentifierRelatedPageQuery,
} from '@scamtrail/domain/identifiers/api';
import { enrichIdentifier } from '@scamtrail/domain/identifiers/enrichment';
import type { Db, DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { iso } from '../../lib/schemas';
import type { Principal } from '../auth/principal';
import {
  countIdentifierCases,
  countIdentifierEvidence,
  countIdentifierJournalEntries,
  findIdentifierCasePage,
  findIdentifierEvidencePage,
  findIdentifierJournalEntryPage,
  findIdentifierSightings,
  findJournalEntryMediaIds,
  type PageRequest,
} from './identifier-detail.repository';
import { readValidation } from './identifier-presenter';
import { presentReviews } from './identifier-review.service';
import { findIdentifierOrFail, presentIdentifier } from './identifiers.service';

type EvidenceRow = Awaited<ReturnType<typeof findIdentifierEvidencePage>>[number];
type EntryRow = Awaited<ReturnType<typeof findIdentifierJournalEntryPage>>[number];
type CaseRow = Awaited<ReturnType<typeof findIdentifierCasePage>>[number];

const FIRST_PAGE: PageRequest = { page: 1, pageSize: IDENTIFIER_DETAIL_PAGE_SIZE };

function toEvidence(row: EvidenceRow) {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    createdAt: iso(row.createdAt),
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
  };
}

/** The page's entries with their media ids, looked up in one statement for the whole page. */
async function withMediaIds(db: DbOrTx, rows: EntryRow[], principal: Principal) {
  const mediaIds = await findJournalEntryMediaIds(
    db,
    rows.map((row) => row.id),
    principal,
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    description: row.description,
    performedAt: iso(row.performedAt),
    createdAt: iso(row.createdAt),
    mediaIds: mediaIds.get(row.id) ?? [],
  }));
}

const toCase = (row: CaseRow) => ({ id: row.id, title: row.title, status: row.status });

/** Runs the lookup when the caller holds the permission, else answers `otherwise`. */
function ifAllowed<T>(principal: Principal, permission: string, lookup: () => Promise<T>, otherwise: T) {
  return hasPermission(principal.permissions, permission) ? lookup() : Promise.resolve(otherwise);
}

/**
 * One identifier with the first page of what surrounds it and how much there is of each. Each related
 * kind needs its own view permission (evidence, journal entries, cases), and only records of cases the
 * caller may see are listed and counted. Without the permission the records are not listed and their
 * count is left out (absent, not 0; its query is not run).
 */
export async function getIdentifierDetail(
  db: Db,
  id: string,
  principal: Principal,
): Promise<IdentifierDetail> {
  const row = await findIdentifierOrFail(db, id);
  const evidenceLookup = <T>(lookup: () => Promise<T>, otherwise: T) =>
    ifAllowed(principal, 'evidence.view', lookup, otherwise);
  const journalLookup = <T>(lookup: () => Promise<T>, otherwise: T) =>
    ifAllowed(principal, 'journal_entry.view', lookup, otherwise);
  const caseLookup = <T>(lookup: () => Promise<T>, otherwise: T) =>
    ifAllowed(principal, 'case.view', lookup, otherwise);
  const [item, evidence, media, evidenceCounts, entries, entryCount, cases, caseCount] = await readsTogether(
    db,
    [
      () => presentIdentifier(db, id, principal),
      () => evidenceLookup(() => findIdentifierEvidencePage(db, id, principal, FIRST_PAGE), []),
      () => evidenceLookup(() => findIdentifierEvidencePage(db, id, principal, FIRST_PAGE, true), []),
      () => evidenceLookup(() => countIdentifierEvidence(db, id, principal), null),
      () =>
        journalLookup(
          async () =>
            withMediaIds(db, await findIdentifierJournalEntryPage(db, id, principal, FIRST_PAGE), principal),
          [],
        ),
      () => journalLookup(() => countIdentifierJournalEntries(db, id, principal), null),
      () => caseLookup(() => findIdentifierCasePage(db, id, principal, FIRST_PAGE), []),
      () => caseLookup(() => countIdentifierCases(db, id, principal), null),
    ],
  );
  const sightings = await findIdentifierSightings(db, id, principal, {
    journalEntries: hasPermission(principal.permissions, 'journal_entry.view'),
    evidence: hasPermission(principal.permissions, 'evidence.view'),
  });
  const validation = readValidation(row);
  const [review] = await presentReviews(db, [row]);
  // A count of records the caller may not read is left out (absent, not 0), as the records are.
  const counts = {
    ...(caseCount !== null && { caseCount }),
    ...(entryCount !== null && { journalEntryCount: entryCount }),
    ...(evidenceCounts && { evidenceCount: evidenceCounts.evidence }),
  };
  return {
    ...item,
    ...counts,
    evidence: evidence.map((e) => ({ id: e.id, title: e.title, kind: e.kind, createdAt: iso(e.createdAt) })),
    ...(evidenceCounts && { mediaCount: evidenceCounts.media }),
    media: media.map((e) => ({
      id: e.id,
      fileName: e.fileName ?? '',
      contentType: e.contentType,
      sizeBytes: e.sizeBytes,
      sha256: e.sha256,
    })),
    journalEntries: entries,
    validation: validation.results,
    confidenceReasons: validation.reasons,
    validatedAt: iso(row.validatedAt),
    cases: cases.map(toCase),
    review,
    pivot: {
      ...counts,
      firstSeenAt: iso(sightings.firstSeenAt),
      lastSeenAt: iso(sightings.lastSeenAt),
      originatorCount: sightings.originatorCount,
    },
    enrichment: enrichIdentifier(row.type, row.data),
  };
}

interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** A page and its total, looked up together once the identifier is known to exist (404 otherwise). */
async function pageOf<R, T>(
  db: Db,
  id: string,
  query: PageRequest,
  lookups: { rows: () => Promise<R[]>; total: () => Promise<number> },
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  await findIdentifierOrFail(db, id);
  const [rows, total] = await readsTogether(db, [lookups.rows, lookups.total]);
  return { data: await present(rows), pagination: toPagination(query.page, query.pageSize, total) };
}

/** `GET /api/identifiers/{id}/journal-entries`: live entries of visible cases (or none), newest first. */
export function listIdentifierJournalEntries(
  db: Db,
  id: string,
  query: IdentifierRelatedPageQuery,
  principal: Principal,
) {
  return pageOf(
    db,
    id,
    query,
    {
      rows: () => findIdentifierJournalEntryPage(db, id, principal, query),
      total: () => countIdentifierJournalEntries(db, id, principal),
    },
    (rows) => withMediaIds(db, rows, principal),
  );
}

/** `GET /api/identifiers/{id}/evidence`: items of visible cases (or none), newest first. */
export function listIdentifierEvidence(
  db: Db,
  id: string,
  query: IdentifierEvidenceQuery,
  principal: Principal,
) {
  return pageOf(
    db,
    id,
    query,
    {
      rows: () => findIdentifierEvidencePage(db, id, principal, query, query.hasFile),
      total: async () => (await countIdentifierEvidence(db, id, principal, query.hasFile)).evidence,
    },
    (rows) => rows.map(toEvidence),
  );
}

/** `GET /api/identifiers/{id}/cases`: the visible cases the identifier appears in, newest first. */
export function listIdentifierCases(
  db: Db,
  id: string,
  query: IdentifierRelatedPageQuery,
  principal: Principal,
) {
  return pageOf(
    db,
    id,
    query,
    {
      rows: () => findIdentifierCasePage(db, id, principal, query),
      total: () => countIdentifierCases(db, id, principal),
    },
    (rows) => rows.map(toCase),
  );
}
