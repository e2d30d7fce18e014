import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { IdentifierValues } from './identifiers.repository';

/** A stored identifier's id with the type and key it is found by. */
export interface KeyedId {
  id: string;
  type: string;
  normalizedKey: string;
}

function readRows(result: unknown): { id: string; type: string; normalized_key: string }[] {
  return (result as { rows: { id: string; type: string; normalized_key: string }[] }).rows;
}

const toKeyedIds = (result: unknown): KeyedId[] =>
  readRows(result).map((row) => ({ id: row.id, type: row.type, normalizedKey: row.normalized_key }));

/**
 * Identifiers to insert as one JSON text, the single parameter `insertIdentifierBatch` expands with
 * `jsonb_to_recordset` (one bind value whatever the row count, the same on pg and PGlite). Made apart
 * from the statement, so an import makes the next chunk's while the database writes the one before.
 */
export function identifierBatchJson(rows: readonly IdentifierValues[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      type: row.type,
      data: row.data,
      display_value: row.displayValue,
      normalized_key: row.normalizedKey,
      search_text: row.searchText,
    })),
  );
}

/**
 * Inserts many identifiers (`identifierBatchJson`) in one statement; rows whose type and key exist are
 * skipped by the unique index. Answers the rows actually created.
 */
export async function insertIdentifierBatch(
  db: DbOrTx,
  json: string,
  originator: { originatorId: string; proxyOriginatorId: string | null },
): Promise<KeyedId[]> {
  const result = await db.execute(sql`
    insert into identifiers
      (type, data, display_value, normalized_key, search_text, originator_id, proxy_originator_id)
    select r.type, r.data, r.display_value, r.normalized_key, r.search_text, ${originator.originatorId}::uuid,
      ${originator.proxyOriginatorId}::uuid
    from jsonb_to_recordset(${json}::jsonb)
      as r(type text, data jsonb, display_value text, normalized_key text, search_text text)
    on conflict (type, normalized_key) do nothing
    returning id, type, normalized_key`);
  return toKeyedIds(result);
}

/** The stored identifiers with these types and keys, in one query. */
export async function findIdentifierIdsByKeys(
  db: DbOrTx,
  keys: readonly { type: string; normalizedKey: string }[],
): Promise<KeyedId[]> {
  if (keys.length === 0) return [];
  const json = JSON.stringify(keys.map((key) => ({ type: key.type, normalized_key: key.normalizedKey })));
  const result = await db.execute(sql`
    select i.id, i.type, i.normalized_key
    from jsonb_to_recordset(${json}::jsonb) as r(type text, normalized_key text)
    join identifiers i on i.type = r.type and i.normalized_key = r.normalized_key`);
  return toKeyedIds(result);
}
