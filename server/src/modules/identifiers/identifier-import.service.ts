import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { afterSent, sent } from '../../db/sent';
import { recordEvent } from '../events/events.service';
import { parseIdentifierInput, toIdentifierValues } from './identifier-input';
import {
  findIdentifierIdsByKeys,
  identifierBatchJson,
  insertIdentifierBatch,
} from './identifier-import.repository';
import type { ImportResult, ImportRowResult } from '@scamtrail/domain/identifiers/import-api';
import type { IdentifierValues } from './identifiers.repository';
import { resolveRecordOriginators } from '../originators/record-originators';

/**
 * Most rows per INSERT statement. A request's rows are written a chunk at a time, and the next chunk
 * is checked and normalised in JavaScript while PostgreSQL writes the one before: the first chunk is
 * small (`IMPORT_FIRST_CHUNK_SIZE`) so the database starts soon, and each next one twice as large,
 * as a row takes the database about three times as long to write as JavaScript to check, so the
 * checking of a chunk ends before the writing of the one before it. A request of 1,000 rows (the
 * web app's) is four INSERTs of 100, 200, 400 and 300 rows, with only the first 100 rows' checks
 * before the database.
 */
export const IMPORT_CHUNK_SIZE = 1000;
const IMPORT_FIRST_CHUNK_SIZE = 100;

export interface ImportActor {
  originatorId: string;
  onBehalfOfOriginatorId?: string | null;
}

/** A valid row to write: its position among the items, its values and its type and key as one string. */
interface PendingRow {
  index: number;
  key: string;
  values: IdentifierValues;
}

const keyOf = (values: { type: string; normalizedKey: string }) =>
  `${values.type}\u0000${values.normalizedKey}`;

/**
 * Imports many identifiers: each row is checked with the domain rules and normalised in JS, rows that
 * repeat an earlier row of the batch are duplicates of it, and the rest are written in chunks of
 * multi-row INSERT ... ON CONFLICT DO NOTHING, existing ids being looked up in one query per chunk.
 * While one chunk is written the next is checked and its statement made; once written (and the rows
 * it skipped looked up), the next goes out before the written chunk's outcome is sorted out, so the
 * database waits on JavaScript as little as it can. The whole request is one transaction with one history event listing the created ids.
 */
export async function importIdentifiers(
  db: Db,
  items: readonly unknown[],
  actor: ImportActor,
  chunkSize = IMPORT_CHUNK_SIZE,
): Promise<ImportResult> {
  const originators = await resolveRecordOriginators(db, actor.originatorId, actor.onBehalfOfOriginatorId);
  const results: ImportRowResult[] = new Array(items.length);
  const firstIndexByKey = new Map<string, number>();
  const repeats: { index: number; first: number }[] = [];
  let next = 0;
  let size = Math.min(IMPORT_FIRST_CHUNK_SIZE, chunkSize);
  /** Checks the items from `next` on until `size` rows new to the batch are found or none are left. */
  const nextChunk = (): PendingRow[] => {
    const chunk: PendingRow[] = [];
    while (next < items.length && chunk.length < size) {
      const index = next++;
      const parsed = parseIdentifierInput(items[index]);
      if (parsed.errors) {
        results[index] = { row: index + 1, status: 'invalid', errors: parsed.errors };
        continue;
      }
      const values = toIdentifierValues(parsed.input);
      const key = keyOf(values);
      const first = firstIndexByKey.get(key);
      if (first === undefined) {
        firstIndexByKey.set(key, index);
        chunk.push({ index, key, values });
      } else repeats.push({ index, first });
    }
    size = Math.min(size * 2, chunkSize);
    return chunk;
  };

  /** A chunk's INSERT parameter, or none when no row of it is left to write. */
  const batchOf = (rows: PendingRow[]) =>
    rows.length > 0 ? identifierBatchJson(rows.map((row) => row.values)) : undefined;
  // The first chunk is checked, and its statement made, while the transaction's `begin` travels.
  const first = afterSent(() => {
    const rows = nextChunk();
    return { rows, batch: batchOf(rows) };
  });
  // Awaited in the transaction; a failure before that (of `begin`) must not count as unhandled.
  first.catch(() => {});
  await db.transaction(async (tx) => {
    const { rows: firstRows, batch } = await first;
    let chunk = firstRows;
    const createdIds: string[] = [];
    /** A written chunk's outcome: created rows by their new ids, the others by the stored rows' ids. */
    const settle = (rows: PendingRow[], created: Map<string, string>, existing: Map<string, string>) => {
      for (const { index, key } of rows) {
        const id = created.get(key);
        if (id) createdIds.push(id);
        results[index] = id
          ? { row: index + 1, status: 'created', id }
          : { row: index + 1, status: 'duplicate', ...optionalId(existing.get(key)) };
      }
    };
    /** Sends a chunk's INSERT; its answer is awaited later, and a failure counts as handled till then. */
    const insert = (json: string) => {
      const inserting = insertIdentifierBatch(tx, json, originators);
      inserting.catch(() => {});
      return inserting;
    };
    let writing = batch === undefined ? undefined : insert(batch);
    while (writing !== undefined) {
      await sent();
      // The next chunk checked, and its statement's JSON made, while the database writes this one.
      const next = nextChunk();
      const nextBatch = batchOf(next);
      const created = new Map((await writing).map((row) => [keyOf(row), row.id]));
      // Rows stored before (skipped by the INSERT) are looked up before the next INSERT goes out: the
      // transaction's connection runs one statement at a time.
      const skipped = chunk.filter((row) => !created.has(row.key)).map((row) => row.values);
      const existing = new Map(
        (await findIdentifierIdsByKeys(tx, skipped)).map((row) => [keyOf(row), row.id] as const),
      );
      // The next INSERT goes out before this chunk's outcome is sorted out: it need not wait for that.
      writing = nextBatch === undefined ? undefined : insert(nextBatch);
      settle(chunk, created, existing);
      chunk = next;
    }
    if (createdIds.length > 0) {
      await recordEvent(tx, {
        type: 'identifier.imported',
        actorOriginatorId: actor.originatorId,
        subjectType: 'identifier_import',
        subjectId: randomUUID(),
        data: { count: createdIds.length, identifierIds: createdIds, ...originators },
      });
    }
  });

  for (const { index, first } of repeats) {
    const original = results[first];
    results[index] = {
      row: index + 1,
      status: 'duplicate',
      ...optionalId(original.id ?? original.existingId),
    };
  }
  const summary = { created: 0, duplicates: 0, invalid: 0 };
  for (const result of results) {
    if (result.status === 'created') summary.created += 1;
    else if (result.status === 'duplicate') summary.duplicates += 1;
    else summary.invalid += 1;
  }
  return { data: results, summary };
}

function optionalId(existingId: string | undefined): { existingId?: string } {
  return existingId ? { existingId } : {};
}
