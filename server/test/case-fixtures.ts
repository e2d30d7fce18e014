import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import type { CaseStatus } from '@scamtrail/domain/case-labels';
import { cases, groupMembers, groups } from '../src/db/schema/index';

/** Records written straight to the database, for tests of what builds on cases and groups. */

const suffix = () => randomBytes(4).toString('hex');

/** A group with the given users as members. */
export async function insertGroup(db: Db, memberUserIds: readonly string[] = []): Promise<string> {
  const [group] = await db
    .insert(groups)
    .values({ name: `Group ${suffix()}` })
    .returning({ id: groups.id });
  if (memberUserIds.length > 0) {
    await db.insert(groupMembers).values(memberUserIds.map((userId) => ({ groupId: group.id, userId })));
  }
  return group.id;
}

/** A case; its last activity is long ago, so a test sees a journal or evidence change bump it. */
export async function insertCase(
  db: Db,
  originatorId: string,
  options: { groupId?: string | null; status?: CaseStatus } = {},
): Promise<string> {
  const [row] = await db
    .insert(cases)
    .values({
      title: `Case ${suffix()}`,
      groupId: options.groupId ?? null,
      status: options.status ?? 'open',
      originatorId,
      lastActivityAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning({ id: cases.id });
  return row.id;
}
