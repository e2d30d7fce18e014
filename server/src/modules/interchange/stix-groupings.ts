import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation } from '../../lib/conflicts';
import { AppError } from '../../lib/errors';

/**
 * The versions of the cases' STIX groupings (`stix_groupings`, migration 0042; docs/interchange.md,
 * "STIX 2.1"). A grouping's content is the case's name, description and scam type and its Indicators
 * (`groupingContent`); what changes it need change none of the times it could be dated by (an
 * identifier unlinked from the case changes no time the case keeps). So the export keeps the digest
 * of the content it last served with its `modified`, and another content is a new version.
 */

const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const firstOf = (result: unknown) => (result as { rows: { modified: string }[] }).rows[0]?.modified;

/** How many times an export writes its grouping's version while other exports write others. */
const ATTEMPTS = 5;

/**
 * The `modified` of the case's grouping whose content has `digest` (RFC 3339, UTC, microseconds):
 * the one recorded when it is that content (a read, nothing written); otherwise a new version,
 * recorded: `firstModified` for the case's first, else later than every `modified` served before
 * (the latest of now, the last one and a microsecond, and `firstModified`). Exports at once agree:
 * the write is one statement on the case's row, which changes it only when the digest differs, so
 * the second of two exports of the same content finds the first's version and keeps it.
 */
export async function groupingModified(
  db: DbOrTx,
  caseId: string,
  digest: string,
  firstModified: string,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const recorded = firstOf(
      await db.execute(sql`select ${utc('modified')} as modified from stix_groupings
        where case_id = ${caseId}::uuid and digest = ${digest}`),
    );
    if (recorded) return recorded;
    const written = firstOf(
      await db
        .execute(
          sql`insert into stix_groupings as g (case_id, digest, modified)
            values (${caseId}::uuid, ${digest}, ${firstModified}::timestamptz)
            on conflict (case_id) do update set digest = excluded.digest,
              modified = greatest(clock_timestamp(), g.modified + interval '1 microsecond', excluded.modified)
              where g.digest <> excluded.digest
            returning ${utc('g.modified')} as modified`,
        )
        .catch((err: unknown) => {
          // The case was deleted while its export ran: as if it had gone a moment earlier.
          throw isForeignKeyViolation(err) ? AppError.notFound('Case') : err;
        }),
    );
    if (written) return written;
    // Recorded by another export meanwhile: read again (a third content may have come since).
    if (attempt >= ATTEMPTS) throw new Error(`The STIX grouping of case ${caseId} keeps changing`);
  }
}
