import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  apiKeys,
  cases,
  evidence,
  evidenceIdentifiers,
  events,
  groupMembers,
  groups,
  identifiers,
  journalEntries,
  journalEntryEvidence,
  journalEntryIdentifiers,
  originators,
} from '../../db/schema/index';
import { generateApiKey, sha256Hex } from '../../lib/tokens';
import { insertUserWithOriginator } from '../users/users.repository';
import type { Client } from '../../../test/helpers';

/** Test-only helpers that write the records around identifiers straight to the database. */

let serial = 0;
const next = () => (serial += 1);

export async function countIdentifiers(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(identifiers);
  return n;
}

export async function identifierEvents(db: Db, subjectId: string) {
  return db.select().from(events).where(eq(events.subjectId, subjectId));
}

/**
 * An automation originator and a live API key for it with the given scopes, created by a fresh
 * administrator (a key holds only what its creator holds).
 */
export async function insertAutomationKey(db: Db, scopes: string[]) {
  const creator = await insertUserWithOriginator(db, {
    email: `key-creator-${next()}-${Date.now()}@example.com`,
    passwordHash: 'not a usable hash',
    firstName: 'Key',
    lastName: 'Creator',
    role: 'admin',
  });
  const [automation] = await db
    .insert(originators)
    .values({ type: 'automation', systemName: `Scanner ${next()}` })
    .returning({ id: originators.id });
  const { key, prefix } = generateApiKey();
  await db.insert(apiKeys).values({
    automationId: automation.id,
    name: 'test',
    prefix,
    secretHash: sha256Hex(key),
    scopes,
    createdBy: creator.id,
  });
  return { automationId: automation.id, key };
}

export async function insertCommunityMember(db: Db, reputation: number) {
  const [row] = await db
    .insert(originators)
    .values({ type: 'community_member', username: `reporter${next()}`, reputation })
    .returning({ id: originators.id });
  return row.id;
}

export async function insertGroup(db: Db, memberUserIds: string[] = []) {
  const [group] = await db
    .insert(groups)
    .values({ name: `Group ${next()}` })
    .returning({ id: groups.id });
  for (const userId of memberUserIds) await db.insert(groupMembers).values({ groupId: group.id, userId });
  return group.id;
}

export async function insertCase(db: Db, originatorId: string, groupId: string | null = null) {
  const [row] = await db
    .insert(cases)
    .values({ title: `Case ${next()}`, groupId, originatorId })
    .returning({ id: cases.id, title: cases.title });
  return row;
}

/** Evidence linked to the identifier; with `file` it is media. */
export async function insertEvidence(
  db: Db,
  options: { identifierId: string; originatorId: string; caseId?: string | null; file?: boolean },
) {
  const n = next();
  const [row] = await db
    .insert(evidence)
    .values({
      title: `Evidence ${n}`,
      kind: options.file ? 'document' : 'written',
      caseId: options.caseId ?? null,
      originatorId: options.originatorId,
      ...(options.file
        ? { fileName: `shot-${n}.png`, contentType: 'image/png', sizeBytes: 1234, sha256: 'ab'.repeat(32) }
        : {}),
    })
    .returning({ id: evidence.id });
  await db.insert(evidenceIdentifiers).values({ evidenceId: row.id, identifierId: options.identifierId });
  return row.id;
}

/** A journal entry naming the identifier, with the given evidence attached. */
export async function insertJournalEntry(
  db: Db,
  options: { identifierId: string; originatorId: string; caseId?: string | null; evidenceIds?: string[] },
) {
  const [row] = await db
    .insert(journalEntries)
    .values({
      type: 'note',
      description: `Entry ${next()}`,
      caseId: options.caseId ?? null,
      originatorId: options.originatorId,
    })
    .returning({ id: journalEntries.id });
  await db
    .insert(journalEntryIdentifiers)
    .values({ journalEntryId: row.id, identifierId: options.identifierId });
  for (const evidenceId of options.evidenceIds ?? []) {
    await db.insert(journalEntryEvidence).values({ journalEntryId: row.id, evidenceId });
  }
  return row.id;
}

/** Creates an identifier through the API as `admin`; answers its id. */
export async function createIdentifierVia(admin: Client, type: string, data: Record<string, string>) {
  const res = await admin.post('/api/identifiers', { type, data });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/**
 * Creates, one by one through the API (the later is the newer), a phone number written three ways (a
 * phone, a Zelle handle, a note holding it) and another phone number: the key matches of "+44 7700
 * 900123" and one that is none. Answers their ids by name.
 */
export async function createPhoneWrittenThreeWays(
  admin: Client,
): Promise<Record<'phone' | 'zelle' | 'note' | 'unrelated', string>> {
  const ids: Record<string, string> = {};
  const create = async (name: string, type: string, data: Record<string, string>) => {
    ids[name] = await createIdentifierVia(admin, type, data);
  };
  await create('phone', 'phone', { countryCode: '+44', number: '7700900123' });
  await create('zelle', 'zelle', { identifierType: 'phone', identifier: '+44 7700 900123' });
  await create('note', 'other', { identifierType: 'Note', value: 'Call back on 447700900123 after six' });
  await create('unrelated', 'phone', { countryCode: '+44', number: '7700900999' });
  return ids as Record<'phone' | 'zelle' | 'note' | 'unrelated', string>;
}
