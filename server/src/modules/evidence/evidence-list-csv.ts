import { and, eq } from 'drizzle-orm';
import type { EvidenceListQuery } from '@scamtrail/domain/evidence';
import type { DbOrTx } from '../../db/client';
import {
  keysetAfter,
  keysetNext,
  keysetOrder,
  keysetPositionOf,
  type KeysetKey,
  type KeysetPosition,
} from '../../db/keyset';
import { cases, evidence } from '../../db/schema/index';
import type { CsvPage } from '../../plugins/csv-export';
import type { Principal } from '../auth/principal';
import { caseRefColumns } from './evidence.repository';
import { listConditions as evidenceConditions } from './evidence-list.repository';
import { presentEvidence } from './evidence-presenter';

/**
 * The keyset read of the evidence list CSV download (`config.csv.read` of its route, see `csvExportPlugin`
 * and docs/interchange.md): the rows after a position in the list's order under the list's own
 * filter and visibility (the conditions its JSON page uses), written as its JSON page writes them.
 */

/** Newest first, off `evidence_created_idx` (created_at DESC, id): ties break on the id ascending. */
const newestEvidence: KeysetKey[] = [
  { expr: evidence.createdAt, direction: 'desc', nulls: 'last', type: 'timestamptz' },
  { expr: evidence.id, direction: 'asc', type: 'uuid' },
];

export async function evidenceCsvPage(
  db: DbOrTx,
  query: EvidenceListQuery,
  principal: Principal,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<CsvPage> {
  const rows = await db
    .select({ row: evidence, case: caseRefColumns, position: keysetPositionOf(newestEvidence) })
    .from(evidence)
    .leftJoin(cases, eq(cases.id, evidence.caseId))
    .where(and(evidenceConditions(principal, query), keysetAfter(newestEvidence, after)))
    .orderBy(...keysetOrder(newestEvidence))
    .limit(limit);
  if (rows.length === 0) return { data: [], next: undefined };
  const data = await presentEvidence(
    db,
    principal,
    rows.map((found) => ({ row: found.row, case: found.case?.id ? found.case : null })),
  );
  return { data, next: keysetNext(rows, limit) };
}
