import { and, count, eq } from 'drizzle-orm';
import type { Case } from '@scamtrail/domain/cases';
import type { Db } from '../../db/client';
import {
  cases,
  events,
  evidence,
  evidenceIdentifiers,
  groupMembers,
  groups,
  journalEntries,
  journalEntryIdentifiers,
} from '../../db/schema/index';
import type { Client } from '../../../test/helpers';

/** Test-only helpers for cases: API calls that must succeed, and rows written straight to the tables. */

let serial = 0;

/** Creates a case through the API; fails the test on anything but 201. */
export async function createCaseVia(client: Client, body: Record<string, unknown> = {}): Promise<Case> {
  serial += 1;
  const res = await client.post('/api/cases', { title: `Case ${serial}`, ...body });
  if (res.statusCode !== 201) throw new Error(`case create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Case;
}

/** Changes a case through the API; fails the test on anything but 200. */
export async function patchCaseVia(client: Client, id: string, body: Record<string, unknown>): Promise<Case> {
  const res = await client.patch(`/api/cases/${id}`, body);
  if (res.statusCode !== 200) throw new Error(`case patch failed: ${res.statusCode} ${res.body}`);
  return res.json() as Case;
}

/** A group with the given members. */
export async function insertGroup(db: Db, memberIds: string[] = []): Promise<string> {
  serial += 1;
  const [group] = await db
    .insert(groups)
    .values({ name: `Group ${serial}-${Math.random().toString(36).slice(2, 8)}` })
    .returning({ id: groups.id });
  if (memberIds.length) {
    await db.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: group.id, userId })));
  }
  return group.id;
}

/** A journal entry of the case naming the identifiers. */
export async function insertEntry(
  db: Db,
  values: { caseId: string | null; originatorId: string; identifierIds?: string[]; isNullified?: boolean },
): Promise<string> {
  const [entry] = await db
    .insert(journalEntries)
    .values({
      caseId: values.caseId,
      type: 'note',
      description: 'Called the victim',
      originatorId: values.originatorId,
      isNullified: values.isNullified ?? false,
      nullifiedReason: values.isNullified ? 'Entered by mistake' : null,
    })
    .returning({ id: journalEntries.id });
  for (const identifierId of values.identifierIds ?? []) {
    await db.insert(journalEntryIdentifiers).values({ journalEntryId: entry.id, identifierId });
  }
  return entry.id;
}

/** A written evidence item of the case naming the identifiers. */
export async function insertEvidence(
  db: Db,
  values: { caseId: string | null; originatorId: string; identifierIds?: string[] },
): Promise<string> {
  const [item] = await db
    .insert(evidence)
    .values({ caseId: values.caseId, title: 'Chat log', body: 'hello', originatorId: values.originatorId })
    .returning({ id: evidence.id });
  for (const identifierId of values.identifierIds ?? []) {
    await db.insert(evidenceIdentifiers).values({ evidenceId: item.id, identifierId });
  }
  return item.id;
}

/** The audit rows of a case, oldest first. */
export async function caseEvents(db: Db, caseId: string) {
  return db.select().from(events).where(eq(events.caseId, caseId)).orderBy(events.id);
}

export async function countCases(db: Db, title?: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cases)
    .where(title ? and(eq(cases.title, title)) : undefined);
  return n;
}

export async function countCaseEvents(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(events).where(eq(events.subjectType, 'case'));
  return n;
}
