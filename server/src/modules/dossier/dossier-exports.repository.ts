import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dossierExports } from '../../db/schema/index';

/** Dossiers prepared to be signed (`dossier_exports`): kept for their user only, until they expire. */

export type DossierExportRow = typeof dossierExports.$inferSelect;

export async function insertDossierExport(
  db: DbOrTx,
  values: Omit<typeof dossierExports.$inferInsert, 'id' | 'createdAt'>,
  now = new Date(),
): Promise<DossierExportRow> {
  // Expired exports are of no use: the table holds only the last few minutes' (their parts are large).
  await db.delete(dossierExports).where(lt(dossierExports.expiresAt, now));
  const [row] = await db.insert(dossierExports).values(values).returning();
  return row!;
}

/** The user's unexpired export of that case, or undefined. */
export async function findDossierExport(
  db: DbOrTx,
  where: { id: string; caseId: string; userId: string },
  now = new Date(),
): Promise<DossierExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dossierExports)
    .where(
      and(
        eq(dossierExports.id, where.id),
        eq(dossierExports.caseId, where.caseId),
        eq(dossierExports.userId, where.userId),
        gt(dossierExports.expiresAt, now),
      ),
    );
  return row;
}

/** Stores the signature of an export not signed yet; false when it already was. */
export async function storeDossierSignature(db: DbOrTx, id: string, signature: Buffer): Promise<boolean> {
  const rows = await db
    .update(dossierExports)
    .set({ signature })
    .where(and(eq(dossierExports.id, id), isNull(dossierExports.signature)))
    .returning({ id: dossierExports.id });
  return rows.length === 1;
}
