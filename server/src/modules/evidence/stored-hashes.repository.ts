import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { evidence } from '../../db/schema/index';

/** Which of `hashes` some evidence row names (the rest are bytes no item holds). */
export async function findReferencedHashes(db: DbOrTx, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sha256: evidence.sha256 })
    .from(evidence)
    .where(sql`${evidence.sha256} = any(${sql.param([...hashes])}::text[])`);
  return new Set(rows.map((r) => r.sha256!));
}
