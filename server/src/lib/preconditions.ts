import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { entityTagOf } from '@scamtrail/domain/entity-tags';
import { text } from '@scamtrail/domain/text';
import type { DbOrTx } from '../db/client';
import { lockRowVersion, type VersionedTable } from '../db/row-versions';
import { AppError } from './errors';

/**
 * Optimistic concurrency for the edits of shared records (cases, journal entries, evidence,
 * identifiers and their tags, tasks, groups and their members, tags, export streams, community members,
 * automations and their webhooks, users and team members), one mechanism for them all: reads and the answers of edits carry
 * `ETag` (`entityTagOf(updatedAt)`); an edit sent with `If-Match` is checked under the row lock it
 * writes under (`assertIfMatch`), so of two writers holding the same tag exactly one succeeds and the
 * other gets 412 PRECONDITION_FAILED with the record as it is now (`guardEdit`).
 */

/** The entity tags an edit accepts; undefined when any version will do (no If-Match, or `*`). */
export type IfMatch = readonly string[] | undefined;

const IF_MATCH_DESCRIPTION =
  'The ETag of the version the change was made from. When the record has changed since, the answer ' +
  'is 412 PRECONDITION_FAILED with the record as it is now in details.current, and nothing is changed.';

/** The route's `headers` schema: documents If-Match in the OpenAPI and keeps every other header. */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': text({ label: 'If-Match', max: 1000 }).optional().describe(IF_MATCH_DESCRIPTION),
});

/** The tags of the request's If-Match (RFC 9110 13.1.1; a weak tag never matches). */
export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const tags = header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return tags.includes('*') ? undefined : tags;
}

/**
 * Refuses an edit made from another version than the record's current one. Locks the row for the rest
 * of the transaction, so the check holds until the write commits. Call it inside the edit's
 * transaction once the caller is known to see the record (a 412 must not tell of a hidden one); a
 * missing row is left to the edit's own 404.
 */
export async function assertIfMatch(
  tx: DbOrTx,
  table: VersionedTable,
  id: string,
  ifMatch: IfMatch,
  what: string,
): Promise<void> {
  if (!ifMatch) return;
  refuseStaleVersion(await lockRowVersion(tx, table, id), ifMatch, what);
}

/**
 * Refuses an edit whose If-Match names another version than `version` (milliseconds, as
 * `lockRowVersion` answers it, read under the lock the edit writes under); undefined (no such record)
 * is left to the edit's own 404.
 */
export function refuseStaleVersion(version: string | undefined, ifMatch: IfMatch, what: string): void {
  if (!ifMatch || version === undefined || ifMatch.includes(`"${version}"`)) return;
  throw new AppError(
    'PRECONDITION_FAILED',
    `Someone else changed this ${what} (at ${new Date(Number(version)).toISOString()}) since you read it. ` +
      'Nothing was saved: apply your change again to the current version.',
    { currentETag: `"${version}"` },
  );
}

/** Answers `record` with its ETag. */
export function withETag<T extends { updatedAt: string }>(reply: FastifyReply, record: T): T {
  reply.header('etag', entityTagOf(record.updatedAt));
  return record;
}

/**
 * Runs an edit and answers the record with its new ETag. A refusal for a stale If-Match is completed
 * with the record as it is now, read by `readCurrent` as the caller may see it and cut to `shape` (the
 * route's answer), as the edit would have answered it.
 */
export async function guardEdit<T extends { updatedAt: string }>(
  reply: FastifyReply,
  edit: () => Promise<T>,
  readCurrent: () => Promise<unknown>,
  shape: z.ZodType<T>,
): Promise<T> {
  try {
    return withETag(reply, await edit());
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'PRECONDITION_FAILED') throw err;
    const current = shape.parse(await readCurrent());
    const currentETag = entityTagOf(current.updatedAt);
    reply.header('etag', currentETag);
    throw new AppError(err.code, err.message, { currentETag, current });
  }
}
