import type { Case } from '@scamtrail/domain/cases';
import type { IdentifierListQuery } from '@scamtrail/domain/identifiers/api';
import { IMPORT_MAX_ROWS } from '@scamtrail/domain/identifiers/import-api';
import { STIX_EXPORT_MAX, type ExchangeImportResult } from '@scamtrail/domain/interchange';
import { buildNormalisedKey } from '@scamtrail/domain/identifiers/normalise';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { JsonText } from '../../lib/json-text';
import type { Principal } from '../auth/principal';
import { listCaseIdentifiers } from '../cases/case-identifiers.service';
import { findVisibleCase } from '../cases/cases.service';
import { importIdentifiers } from '../identifiers/identifier-import.service';
import { findIdentifierRows, listIdentifiers } from '../identifiers/identifiers.service';
import { buildMispEvent, mispEventToItems, type MispEvent } from './misp';
import {
  bundleToItems,
  type ExportedIdentifier,
  type ImportItem,
  type ImportSkip,
  type StixBundle,
} from './stix';
import {
  buildBundle,
  groupingContent,
  groupingDigest,
  groupingFirstModified,
  groupingOf,
} from './stix-bundle';
import { groupingModified } from './stix-groupings';
import { currentIndicators } from './taxii.service';

/**
 * The exchange formats' service: which identifiers an export carries (a list's filter, a case's,
 * each as the caller may see it, through the services of the identifiers and cases modules) and
 * imports of STIX bundles and MISP events through the identifier import (its validation,
 * normalisation and deduplication by normalised key).
 */

export interface ExchangeContext {
  /** The organisation that publishes: the STIX identity and the MISP event's creator organisation. */
  organisation: string;
}

/** Identifiers read per page while gathering an export. */
const PAGE = 1000;

async function exportedRows(db: Db, ids: readonly string[]): Promise<ExportedIdentifier[]> {
  const rows = await findIdentifierRows(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order the list gave them.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    // The key as every write computes it (the column is not among the rows' read columns).
    const normalizedKey = buildNormalisedKey(row.type, row.data);
    return [{ type: row.type, data: row.data, normalizedKey, confidence: row.confidence }];
  });
}

/** The ids of the identifiers the list shows under `filter`, in its order; 400 past the maximum. */
async function listFilterIds(
  db: Db,
  filter: Omit<IdentifierListQuery, 'page' | 'pageSize'>,
  principal: Principal,
): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer: unknown = await listIdentifiers(
      db,
      { ...filter, page, pageSize: PAGE } as IdentifierListQuery,
      principal,
    );
    const { data } = (answer instanceof JsonText ? JSON.parse(answer.text) : answer) as {
      data: { id: string }[];
    };
    found.push(...data.map((item) => item.id));
    if (found.length > STIX_EXPORT_MAX) {
      throw AppError.validation([
        {
          field: 'search',
          message: `More than ${STIX_EXPORT_MAX.toLocaleString('en-US')} identifiers match: narrow the filter`,
        },
      ]);
    }
    if (data.length < PAGE) return found;
  }
}

/** The case (404 when the caller may not see it) and the ids of its identifiers, as the case lists them. */
async function caseIdentifierIds(
  db: Db,
  caseId: string,
  principal: Principal,
): Promise<{ found: Case; ids: string[] }> {
  const found = await findVisibleCase(db, caseId, principal);
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await listCaseIdentifiers(db, caseId, { page, pageSize: PAGE }, principal);
    ids.push(...data.map((item) => item.id));
    if (data.length < PAGE) return { found, ids };
  }
}

/** The case (404 when the caller may not see it) and its identifiers. */
async function caseIdentifiers(
  db: Db,
  caseId: string,
  principal: Principal,
): Promise<{ found: Case; identifiers: ExportedIdentifier[] }> {
  const { found, ids } = await caseIdentifierIds(db, caseId, principal);
  return { found, identifiers: await exportedRows(db, ids) };
}

export async function exportListAsStix(
  db: Db,
  filter: Omit<IdentifierListQuery, 'page' | 'pageSize'>,
  principal: Principal,
  context: ExchangeContext,
): Promise<StixBundle> {
  const ids = await listFilterIds(db, filter, principal);
  const { producer, indicators } = await currentIndicators(db, ids, { producerName: context.organisation });
  return buildBundle(producer, indicators);
}

export async function exportCaseAsStix(
  db: Db,
  caseId: string,
  principal: Principal,
  context: ExchangeContext,
): Promise<StixBundle> {
  const { found, ids } = await caseIdentifierIds(db, caseId, principal);
  const { producer, indicators } = await currentIndicators(db, ids, { producerName: context.organisation });
  // Another content than the export last served (an identifier linked or unlinked, a new title) is
  // a later version of the grouping: `modified` moves, as a consumer needs it to take the change.
  const content = groupingContent(found, indicators, producer);
  const modified = await groupingModified(
    db,
    found.id,
    groupingDigest(content),
    groupingFirstModified(found, indicators),
  );
  return buildBundle(producer, indicators, groupingOf(content, modified));
}

export async function exportCaseAsMisp(
  db: Db,
  caseId: string,
  principal: Principal,
  context: ExchangeContext,
): Promise<MispEvent> {
  const { found, identifiers } = await caseIdentifiers(db, caseId, principal);
  return buildMispEvent(found, identifiers, context.organisation);
}

async function importItems(
  db: Db,
  read: { items: ImportItem[]; refs: string[]; skipped: ImportSkip[] },
  principal: Principal,
  field: string,
): Promise<ExchangeImportResult> {
  if (read.items.length > IMPORT_MAX_ROWS) {
    throw AppError.validation([
      { field, message: `At most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} identifiers per request` },
    ]);
  }
  const result =
    read.items.length === 0
      ? { data: [], summary: { created: 0, duplicates: 0, invalid: 0 } }
      : await importIdentifiers(db, read.items, { originatorId: principal.originatorId });
  return {
    data: result.data.map((row) => ({ ...row, ref: read.refs[row.row - 1] })),
    summary: { ...result.summary, skipped: read.skipped.length },
    skipped: read.skipped,
  };
}

/** The observables of a STIX bundle into identifiers, deduplicated by normalised key. */
export async function importStixBundle(
  db: Db,
  bundle: { objects: readonly Record<string, unknown>[] },
  principal: Principal,
): Promise<ExchangeImportResult> {
  return importItems(db, bundleToItems(bundle), principal, 'objects');
}

/** A MISP event's attributes and objects into identifiers, deduplicated by normalised key. */
export async function importMispEvent(
  db: Db,
  event: Record<string, unknown>,
  principal: Principal,
): Promise<ExchangeImportResult> {
  return importItems(db, mispEventToItems(event), principal, 'Event');
}
