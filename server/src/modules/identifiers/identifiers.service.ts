import { toPagination } from '@scamtrail/domain/pagination';
import { RECORDS_YOU_MAY_NOT_SEE } from '../../db/case-visibility';
import type { Db, DbOrTx } from '../../db/client';
import { transactionRetryingDeadlocks } from '../../db/retry-deadlocks';
import { isUniqueViolation } from '../../lib/conflicts';
import { identifiers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { assertIfMatch, type IfMatch } from '../../lib/preconditions';
import { jsonText } from '../../lib/json-text';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import {
  assertMayChangeEntriesNaming,
  identifierDeletionRefused,
} from '../journal-entries/journal-entry.preconditions';
import { resolveRecordOriginators } from '../originators/record-originators';
import { appendChainLink } from '../signatures/journal-chain';
import { findSignedEntriesNaming } from '../signatures/signatures.service';
import { parseIdentifierInput, toIdentifierValues } from './identifier-input';
import { listIdentifierRows } from './identifier-list.repository';
import { countKeyMatchesOffList, findKeyMatchIds, readItems } from './identifier-list-queries';
import { readsTogether } from '../../db/reads-together';
import {
  deleteIdentifierWithLinks,
  findEvidenceNaming,
  findIdentifierIdByKey,
  findIdentifierRow,
  insertIdentifierRow,
  lockIdentifierRow,
  updateIdentifierRow,
  type IdentifierRow,
} from './identifiers.repository';

// What a community member's reputation history (modules/originators) reads of the identifiers reviewed.
export { findIdentifierRows } from './identifiers.repository';
import type {
  CreateIdentifierBody,
  IdentifierItem,
  IdentifierList,
  IdentifierListItem,
  IdentifierListQuery,
  IdentifierMatches,
  IdentifierMatchesQuery,
  UpdateIdentifierBody,
} from '@scamtrail/domain/identifiers/api';

const DUPLICATE_MESSAGE = 'An identifier with the same value already exists';

/** 409 naming the identifier that already holds the value. */
export function duplicateIdentifier(existingId: string | undefined): AppError {
  return new AppError('CONFLICT', DUPLICATE_MESSAGE, {
    ...(existingId ? { existingId } : {}),
    fields: [{ field: 'data', message: DUPLICATE_MESSAGE }],
  });
}

/**
 * The item of one identifier as a list page writes it (`readItems`), its evidence counted as the
 * caller may see it; 404 when it is gone.
 */
export async function presentIdentifier(
  db: DbOrTx,
  id: string,
  principal: Principal,
): Promise<IdentifierListItem> {
  const [item] = await readItems(db, [id], principal);
  if (!item) throw AppError.notFound('Identifier');
  return item;
}

/**
 * The identifiers on record that a pasted value is, however it was written (`identifierKeysOf`):
 * what the display-value search cannot find when the value is written differently. Newest first,
 * under the list's type and tag when given, as the list and its CSV filter them.
 */
export async function findIdentifierMatches(
  db: DbOrTx,
  query: IdentifierMatchesQuery,
  principal: Principal,
  defaultRegion?: string,
): Promise<IdentifierMatches> {
  const ids = await findKeyMatchIds(db, { ...query, search: query.value, defaultRegion });
  return { data: ids.length === 0 ? [] : await readItems(db, ids, principal) };
}

/**
 * One page of identifiers, its items as the page's statement wrote them, sent as they are. Beside the
 * list's own total, `totalWithMatches` counts the identifiers a search shows in all: those and the key
 * matches (`findIdentifierMatches` under the same type and tag) its display-value search misses.
 */
export async function listIdentifiers(
  db: Db,
  query: IdentifierListQuery & { defaultRegion?: string },
  principal: Principal,
  countTimeBoxMs?: number,
): Promise<IdentifierList> {
  const { page, pageSize } = query;
  const [found, offList] = await readsTogether(db, [
    () => listIdentifierRows(db, query, { page, pageSize }, principal, countTimeBoxMs),
    () => countKeyMatchesOffList(db, query),
  ]);
  const pagination = toPagination(page, pageSize, found.total);
  return jsonText<IdentifierList>(
    `{"data":${found.json},"pagination":${JSON.stringify(pagination)},"totalIsEstimate":${found.totalIsEstimate},` +
      `"totalWithMatches":${found.total + offList}}`,
  );
}

export async function findIdentifierOrFail(db: DbOrTx, id: string): Promise<IdentifierRow> {
  const row = await findIdentifierRow(db, id);
  if (!row) throw AppError.notFound('Identifier');
  return row;
}

/**
 * The identifier, locked for the rest of the transaction (see `lockIdentifierRow`); 404 when there is
 * none. Changes to what it carries and its deletion take it first, so they wait for each other.
 */
export async function lockIdentifierOrFail(tx: DbOrTx, id: string): Promise<IdentifierRow> {
  const row = await lockIdentifierRow(tx, id);
  if (!row) throw AppError.notFound('Identifier');
  return row;
}

/** Creates an identifier originated by the caller (an API key acts as its automation). */
export async function createIdentifier(
  db: Db,
  body: CreateIdentifierBody,
  principal: Principal,
): Promise<IdentifierItem> {
  const values = toIdentifierValues(body);
  const originators = await resolveRecordOriginators(db, principal.originatorId, body.onBehalfOfOriginatorId);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertIdentifierRow(tx, { ...values, ...originators });
    if (!inserted) return undefined;
    await recordEvent(tx, {
      type: 'identifier.created',
      actorOriginatorId: principal.originatorId,
      subjectType: 'identifier',
      subjectId: inserted.id,
      data: { type: values.type, displayValue: values.displayValue, ...originators },
    });
    return inserted;
  });
  if (!row) throw duplicateIdentifier(await findIdentifierIdByKey(db, values.type, values.normalizedKey));
  return presentIdentifier(db, row.id, principal);
}

/** Replaces the data (and optionally the type) with the same rules as creation. */
export async function updateIdentifier(
  db: Db,
  id: string,
  body: UpdateIdentifierBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<IdentifierItem> {
  let values: ReturnType<typeof toIdentifierValues> | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      // Locked first, as tagging and deleting do: the history's "before" is the row this change replaces.
      const existing = await lockIdentifierOrFail(tx, id);
      await assertIfMatch(tx, identifiers, id, ifMatch, 'identifier');
      const parsed = parseIdentifierInput({ type: body.type ?? existing.type, data: body.data });
      if (parsed.errors) throw AppError.validation(parsed.errors);
      values = toIdentifierValues(parsed.input);
      const collision = await findIdentifierIdByKey(tx, values.type, values.normalizedKey, id);
      if (collision) throw duplicateIdentifier(collision);
      const updated = await updateIdentifierRow(tx, id, values);
      if (!updated) throw AppError.notFound('Identifier');
      await recordEvent(tx, {
        type: 'identifier.updated',
        actorOriginatorId: principal.originatorId,
        subjectType: 'identifier',
        subjectId: id,
        data: {
          before: { type: existing.type, data: existing.data, displayValue: existing.displayValue },
          after: { type: values.type, data: values.data, displayValue: values.displayValue },
        },
      });
      return updated;
    });
    return await presentIdentifier(db, row.id, principal);
  } catch (err) {
    // A concurrent write took the key between the check and the update: the index decides.
    if (!values || !isUniqueViolation(err)) throw err;
    throw duplicateIdentifier(await findIdentifierIdByKey(db, values.type, values.normalizedKey, id));
  }
}

/**
 * Deletes an identifier. Its journal-entry, evidence and tag links are detached in the same
 * transaction, and the history event keeps a snapshot with the ids it was linked to. A caller other
 * than an administrator may not when entries recorded by others, or evidence of cases they may not
 * see, name it (403, in words that tell of nothing they cannot see); nobody may when a signed entry does.
 */
export async function deleteIdentifier(db: Db, id: string, principal: Principal): Promise<void> {
  await transactionRetryingDeadlocks(db, async (tx) => {
    // Locked first, like a change of its tags, so the two wait for each other instead of deadlocking.
    const row = await lockIdentifierOrFail(tx, id);
    await assertMayChangeEntriesNaming(tx, id, principal);
    // Nor is it taken off evidence the caller may not see (a group's case they are outside).
    if ((await findEvidenceNaming(tx, id, principal)).unseen) {
      throw identifierDeletionRefused(RECORDS_YOU_MAY_NOT_SEE);
    }
    const signed = await findSignedEntriesNaming(tx, id, principal);
    // Told of only as far as the caller may see (their own entry, in a case moved out of their sight).
    const by = signed.seen
      ? 'A signed journal entry names'
      : signed.unseen
        ? `${RECORDS_YOU_MAY_NOT_SEE} name`
        : null;
    if (by) throw new AppError('CONFLICT', `${by} this identifier; it cannot be deleted`);
    const { deleted, ...links } = await deleteIdentifierWithLinks(tx, id);
    if (!deleted) throw AppError.notFound('Identifier');
    // The entries that named it changed: their cases' journal chains record it.
    for (const entryId of links.journalEntryIds) await appendChainLink(tx, entryId, 'updated');
    await recordEvent(tx, {
      type: 'identifier.deleted',
      actorOriginatorId: principal.originatorId,
      subjectType: 'identifier',
      subjectId: id,
      data: {
        snapshot: {
          type: row.type,
          data: row.data,
          displayValue: row.displayValue,
          confidence: row.confidence,
          validation: row.validation,
          originatorId: row.originatorId,
          proxyOriginatorId: row.proxyOriginatorId,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        },
        detached: links,
      },
    });
  });
}
