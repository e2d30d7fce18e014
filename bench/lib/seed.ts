import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { importIdentifiers } from '../../server/src/modules/identifiers/identifier-import.service';
import { seedIdentifier } from './seed-data';

/** Rows per import call: the API's maximum per request. */
export const IMPORT_REQUEST_ROWS = 5000;

/**
 * Seeds `rows` identifiers through the import service, 5,000 rows per call as the API takes them,
 * and answers the time spent importing (generating the rows is not counted).
 */
export async function seedThroughImport(
  db: Db,
  rows: number,
  originatorId: string,
  log: (line: string) => void,
) {
  let seconds = 0;
  let created = 0;
  for (let start = 0; start < rows; start += IMPORT_REQUEST_ROWS) {
    const items = Array.from({ length: Math.min(IMPORT_REQUEST_ROWS, rows - start) }, (_, k) =>
      seedIdentifier(start + k),
    );
    const began = process.hrtime.bigint();
    const result = await importIdentifiers(db, items, { originatorId });
    seconds += Number(process.hrtime.bigint() - began) / 1e9;
    created += result.summary.created;
    if (result.summary.created !== items.length) {
      const bad = result.data.find((r) => r.status !== 'created');
      throw new Error(
        `seed rows were not all created at ${start}: ${JSON.stringify(result.summary)} ${JSON.stringify(bad)}`,
      );
    }
    const done = start + items.length;
    if (done % 100_000 === 0 || done === rows) {
      log(
        `  imported ${done.toLocaleString('en-US')} (${Math.round(created / seconds).toLocaleString('en-US')}/s)`,
      );
    }
  }
  return { created, seconds };
}

/**
 * Evidence on the newest identifiers, so the evidence counts of the first pages are not all zero,
 * then statistics, as autovacuum would leave a table that has settled after a bulk load.
 */
export async function finishSeeding(db: Db, originatorId: string, kind: 'postgres' | 'pglite') {
  await db.execute(sql`
    with e as (
      insert into evidence (title, originator_id)
      select 'Screenshot ' || g, ${originatorId}::uuid from generate_series(1, 2000) g
      returning id
    ), numbered_e as (select id, row_number() over () as rn from e),
    numbered_i as (
      select id, row_number() over (order by created_at desc, id desc) as rn
      from identifiers order by created_at desc, id desc limit 2000
    )
    insert into evidence_identifiers (evidence_id, identifier_id)
    select numbered_e.id, numbered_i.id from numbered_e join numbered_i using (rn)`);
  await db.execute(kind === 'postgres' ? sql`vacuum analyze` : sql`analyze`);
}
