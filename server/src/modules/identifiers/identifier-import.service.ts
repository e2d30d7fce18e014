import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { recordEvent } from '../events/events.service';
import { parseIdentifierInput, toIdentifierValues } from './identifier-input';
import { findIdentifierIdsByKeys, insertIdentifierBatch } from './identifier-import.repository';
import type { ImportResult, ImportRowResult } from '@scamtrail/domain/identifiers/import-api';
import type { IdentifierValues } from './identifiers.repository';
import { resolveRecordOriginators } from '../originators/record-originators';

/** Rows per INSERT statement: large enough to amortise round trips, small enough to stay cheap to plan. */
export const IMPORT_CHUNK_SIZE = 1000;

export interface ImportActor {
  originatorId: string;
  onBehalfOfOriginatorId?: string | null;
}

const keyOf = (values: { type: string; normalizedKey: string }) =>
  `${values.type}\u0000${values.normalizedKey}`;

/**
 * Imports many identifiers: each row is checked with the domain rules and normalised in JS, rows that
 * repeat an earlier row of the batch are duplicates of it, and the rest are written in chunks of
 * multi-row INSERT ... ON CONFLICT DO NOTHING, existing ids being looked up in one query per chunk.
 * The whole request is one transaction with one history event listing the created ids.
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
  const pending: { index: number; values: IdentifierValues }[] = [];
  items.forEach((item, index) => {
    const parsed = parseIdentifierInput(item);
    if (parsed.errors) {
      results[index] = { row: index + 1, status: 'invalid', errors: parsed.errors };
      return;
    }
    const values = toIdentifierValues(parsed.input);
    const first = firstIndexByKey.get(keyOf(values));
    if (first === undefined) {
      firstIndexByKey.set(keyOf(values), index);
      pending.push({ index, values });
    } else repeats.push({ index, first });
  });

  await db.transaction(async (tx) => {
    const createdIds: string[] = [];
    for (let start = 0; start < pending.length; start += chunkSize) {
      const chunk = pending.slice(start, start + chunkSize);
      const values = chunk.map((row) => row.values);
      const created = new Map(
        (await insertIdentifierBatch(tx, values, originators)).map((row) => [keyOf(row), row.id]),
      );
      const skipped = values.filter((row) => !created.has(keyOf(row)));
      const existing = new Map(
        (await findIdentifierIdsByKeys(tx, skipped)).map((row) => [keyOf(row), row.id]),
      );
      for (const { index, values: row } of chunk) {
        const id = created.get(keyOf(row));
        if (id) createdIds.push(id);
        results[index] = id
          ? { row: index + 1, status: 'created', id }
          : { row: index + 1, status: 'duplicate', ...optionalId(existing.get(keyOf(row))) };
      }
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
