import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  canPreviewInline,
  type CustodyEvent,
  type EvidenceContentQuery,
  type VerifyEvidenceResponse,
} from '@scamtrail/domain/evidence';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { presentCustodyEvents } from './custody-presenter';
import { listCustodyRows } from './custody.repository';
import { recordCustody } from './custody.service';
import { requireEvidence } from './evidence.preconditions';
import type { EvidenceStore } from './evidence-store-contract';

export interface EvidenceContent {
  stream: Readable;
  size: number;
  mediaType: string;
  fileName: string;
  disposition: EvidenceContentQuery['disposition'];
}

/**
 * The stored bytes of a file item. Written evidence has no file (its text is the item's `body`): 404
 * saying so. `inline` is for raster images only (400 otherwise). Custody: `downloaded`, or `viewed`
 * for an inline preview.
 */
export async function openEvidenceContent(
  db: Db,
  store: EvidenceStore,
  principal: Principal,
  id: string,
  disposition: EvidenceContentQuery['disposition'],
): Promise<EvidenceContent> {
  const { row } = await requireEvidence(db, principal, id);
  if (row.kind === 'written' || !row.sha256 || !row.contentType) {
    throw new AppError('NOT_FOUND', "Written evidence has no file: its text is the item's body");
  }
  if (disposition === 'inline' && !canPreviewInline(row.contentType)) {
    throw AppError.validation([
      { field: 'disposition', message: 'inline is only for PNG, JPEG, GIF and WebP images' },
    ]);
  }
  const content = await store.open(row.sha256);
  if (!content) throw new AppError('NOT_FOUND', 'The stored file of this evidence is missing');
  await recordCustody(db, principal, id, disposition === 'inline' ? 'viewed' : 'downloaded', {
    disposition,
  });
  return {
    ...content,
    mediaType: row.contentType,
    fileName: row.fileName ?? 'evidence',
    disposition,
  };
}

/**
 * Hashes the stored bytes again (a file's bytes in the store, written evidence's text in its row) and
 * compares with the hash recorded when the item was added. Missing bytes answer sha256 null, no match.
 * The outcome goes to the chain of custody.
 */
export async function verifyEvidence(
  db: Db,
  store: EvidenceStore,
  principal: Principal,
  id: string,
): Promise<VerifyEvidenceResponse> {
  const { row } = await requireEvidence(db, principal, id);
  let sha256: string | null = null;
  if (row.kind === 'written') {
    sha256 = createHash('sha256')
      .update(row.body ?? '', 'utf8')
      .digest('hex');
  } else if (row.sha256) {
    sha256 = await store.rehash(row.sha256);
  }
  const matches = sha256 !== null && sha256 === row.sha256;
  await recordCustody(db, principal, id, 'verified', { sha256, recorded: row.sha256, matches });
  return { sha256, matches };
}

/** An item's chain of custody, oldest first, naming only records the caller may see. */
export async function listCustody(
  db: Db,
  principal: Principal,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ data: CustodyEvent[]; pagination: Pagination }> {
  await requireEvidence(db, principal, id);
  const { rows, total } = await listCustodyRows(db, id, page);
  return {
    data: await presentCustodyEvents(db, principal, rows),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}
