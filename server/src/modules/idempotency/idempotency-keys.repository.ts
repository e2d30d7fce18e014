import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupMembers, idempotencyKeys } from '../../db/schema/index';

/** How long a key is kept, from the start of the request that claimed it (the draft suggests 24 hours). */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * How long a claim may stay without an answer before another request may take the key over. A
 * request that holds it longer died between its work and storing its answer (a crash, a lost
 * database): its retry then runs again rather than meeting 409 for a day. Longer than any request
 * that still finishes: uploads end within the form's idle time per chunk, other writes in seconds.
 */
export const IDEMPOTENCY_CLAIM_STALE_SECONDS = 120;

/**
 * Whose keys, as far as what they may see: `id` names the caller and what they hold
 * (`user:<user id>:<permissions>` or `api_key:<key id>:<permissions>`), and for a user whose sight of
 * cases goes by their groups, `groupsOf` is their id: the groups they are in now complete the scope
 * (read in the claim's own statement). A stored answer is thus given again only to a caller who sees
 * what they saw when it was made; one who lost a group or a permission since sends a request that runs
 * afresh, its checks with it.
 */
export interface IdempotencyCaller {
  id: string;
  groupsOf?: string;
}

export interface IdempotencyRequest {
  caller: IdempotencyCaller;
  key: string;
  method: string;
  path: string;
  /** Null while it cannot be known yet (a multipart body being read). */
  fingerprint: string | null;
}

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** A claim names the caller as stored (`caller`), for the statements that follow it. */
export type ClaimResult =
  { claimed: true; claim: string; caller: string } | { claimed: false; row: IdempotencyRow };

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Takes the key for this request, or answers the row of the request that holds it. One statement
 * decides, so two requests with the same key on two instances never both take it: the primary key
 * refuses the second insert, and only one conditional update of an expired or stale row succeeds.
 */
export async function claimIdempotencyKey(db: DbOrTx, request: IdempotencyRequest): Promise<ClaimResult> {
  const caller = callerScope(request.caller);
  const { key, method, path, fingerprint } = request;
  const claimed = { claim: idempotencyKeys.claim, caller: idempotencyKeys.caller };
  // A row given back (its request failed) between two statements: try again, a few times at most.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ caller, key, method, path, fingerprint })
      .onConflictDoNothing()
      .returning(claimed);
    if (inserted) return { claimed: true, ...inserted };
    const [retaken] = await db
      .update(idempotencyKeys)
      .set({
        method,
        path,
        fingerprint,
        status: null,
        headers: null,
        body: null,
        claim: sql`gen_random_uuid()`,
        claimedAt: sql`now()`,
      })
      .where(
        and(
          eq(idempotencyKeys.caller, caller),
          eq(idempotencyKeys.key, key),
          or(
            lt(idempotencyKeys.claimedAt, secondsAgo(IDEMPOTENCY_KEY_TTL_SECONDS)),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.claimedAt, secondsAgo(IDEMPOTENCY_CLAIM_STALE_SECONDS)),
            ),
          ),
        ),
      )
      .returning(claimed);
    if (retaken) return { claimed: true, ...retaken };
    const [held] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    if (held) return { claimed: false, row: held };
  }
  throw new Error('idempotency key claimed and given back repeatedly');
}

/**
 * The caller as stored: `id`, then for a user seen through groups a hash of the groups they are in now
 * (sorted; none is a scope of its own too), computed by PostgreSQL in the statement that uses it.
 */
function callerScope({ id, groupsOf }: IdempotencyCaller): SQL<string> | string {
  if (groupsOf === undefined) return id;
  const groups = sql`(select string_agg(${groupMembers.groupId}::text, ',' order by ${groupMembers.groupId})
    from ${groupMembers} where ${groupMembers.userId} = ${groupsOf})`;
  return sql<string>`${id} || ':' || encode(sha256(convert_to(coalesce(${groups}, ''), 'UTF8')), 'hex')`;
}

function ownClaim(caller: string, key: string, claim: string) {
  return and(
    eq(idempotencyKeys.caller, caller),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.claim, claim),
    isNull(idempotencyKeys.status),
  );
}

/**
 * Says the request holding the claim still runs, so that no retry takes it over as stale while it
 * does (an upload of a large file can take longer than IDEMPOTENCY_CLAIM_STALE_SECONDS).
 */
export async function refreshIdempotencyClaim(
  db: DbOrTx,
  target: { caller: string; key: string; claim: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ claimedAt: sql`now()` })
    .where(ownClaim(target.caller, target.key, target.claim));
}

/** Keeps the answer of the request holding the claim, for its retries to get again. */
export async function storeIdempotentAnswer(
  db: DbOrTx,
  target: { caller: string; key: string; claim: string },
  answer: { fingerprint: string; status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(ownClaim(target.caller, target.key, target.claim));
}

/** Gives the key back: the request ended without an answer worth repeating, so a retry runs anew. */
export async function releaseIdempotencyKey(
  db: DbOrTx,
  target: { caller: string; key: string; claim: string },
): Promise<void> {
  await db.delete(idempotencyKeys).where(ownClaim(target.caller, target.key, target.claim));
}

/** Deletes the keys older than their 24 hours; answers how many went. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.claimedAt, secondsAgo(IDEMPOTENCY_KEY_TTL_SECONDS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
