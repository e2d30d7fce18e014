import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { matchesSearch } from '../../lib/search';

const fullNameSql = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/** One page of enabled users by name (id and names only: no e-mail, no role), and the total. */
export async function findAssignableUserRows(
  db: DbOrTx,
  search: string | undefined,
  page: { page: number; pageSize: number },
) {
  const term = search?.trim();
  const where = and(eq(users.disabled, false), term ? matchesSearch(term, fullNameSql) : undefined);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: n };
}
