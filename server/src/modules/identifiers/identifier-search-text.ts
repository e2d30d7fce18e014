import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import { buildSearchText } from '@scamtrail/domain/identifiers/search-keys';
import type { Db } from '../../db/client';
import { identifiers } from '../../db/schema/index';

/** Rows read and written per statement: a few hundred kilobytes of JSON. */
const BATCH_SIZE = 2_000;

/**
 * Writes the search text (`buildSearchText`) of the identifiers stored before it existed (migration
 * 0021), in id order, a batch per statement, and answers how many. Run at start-up after the
 * migrations; every write computes its own, so after the first start it finds nothing to do. A row
 * changed meanwhile keeps the text its change wrote (only null ones are written).
 */
export async function fillSearchTexts(db: Db): Promise<number> {
  let filled = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: identifiers.id,
        type: identifiers.type,
        data: identifiers.data,
        display: identifiers.displayValue,
      })
      .from(identifiers)
      .where(and(isNull(identifiers.searchText), after ? gt(identifiers.id, after) : undefined))
      .orderBy(asc(identifiers.id))
      .limit(BATCH_SIZE);
    if (rows.length === 0) return filled;
    const json = JSON.stringify(
      rows.map((row) => ({ id: row.id, search_text: buildSearchText(row.type, row.data, row.display) })),
    );
    await db.execute(sql`update identifiers i set search_text = r.search_text
      from jsonb_to_recordset(${json}::jsonb) as r(id uuid, search_text text)
      where i.id = r.id and i.search_text is null`);
    filled += rows.length;
    after = rows[rows.length - 1].id;
  }
}
