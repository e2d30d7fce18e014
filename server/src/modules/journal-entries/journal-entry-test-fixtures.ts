import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cases,
  events,
  evidence,
  evidenceCustody,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
} from '../../db/schema/index';

export { insertCase, insertGroup } from '../../../test/case-fixtures';

/**
 * Test-only helpers that write cases, evidence and identifiers straight to the database (their own
 * routes are another module's), and read back what the journal calls wrote.
 */

const tag = () => randomBytes(4).toString('hex');

/** Written evidence, or (with `file`) a stored PNG: media. */
export async function insertEvidence(
  db: Db,
  originatorId: string,
  options: { caseId?: string | null; file?: boolean } = {},
): Promise<string> {
  const t = tag();
  const [row] = await db
    .insert(evidence)
    .values({
      title: `Evidence ${t}`,
      caseId: options.caseId ?? null,
      originatorId,
      ...(options.file
        ? {
            kind: 'screenshot',
            fileName: `shot-${t}.png`,
            contentType: 'image/png',
            sizeBytes: 1234,
            sha256: 'ab'.repeat(32),
          }
        : { kind: 'written', body: 'A statement' }),
    })
    .returning({ id: evidence.id });
  return row.id;
}

export async function insertIdentifier(db: Db, originatorId: string): Promise<string> {
  const address = `scammer-${tag()}@example.com`;
  const [row] = await db
    .insert(identifiers)
    .values({ type: 'email', data: { address }, displayValue: address, normalizedKey: address, originatorId })
    .returning({ id: identifiers.id });
  return row.id;
}

export async function findEntryRow(db: Db, id: string) {
  const [row] = await db.select().from(journalEntries).where(eq(journalEntries.id, id));
  return row;
}

export async function auditRows(db: Db, subjectId: string) {
  return db.select().from(events).where(eq(events.subjectId, subjectId)).orderBy(asc(events.id));
}

export async function custodyRows(db: Db, evidenceId: string) {
  return db
    .select()
    .from(evidenceCustody)
    .where(eq(evidenceCustody.evidenceId, evidenceId))
    .orderBy(asc(evidenceCustody.id));
}

/** Rows of every table the journal calls write, to show a refused call wrote nothing. */
export async function journalRowCounts(db: Db) {
  const tables = { journalEntries, journalEntryEvidence, journalEntryIdentifiers, events, evidenceCustody };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [{ n }] = await db.select({ n: count() }).from(table);
    counts[name] = n;
  }
  return counts;
}

/** When the case was last active; insertCase starts it at 2020-01-01. */
export async function caseActivity(db: Db, caseId: string): Promise<Date> {
  const [row] = await db.select({ at: cases.lastActivityAt }).from(cases).where(eq(cases.id, caseId));
  return row.at;
}
