import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every version of an identifier a TAXII collection serves (docs/interchange.md, "TAXII"): one row per
 * value of its `updated_at` (its creation and each change), and a tombstone (`deleted`) for an object
 * the identifier stops being: when it is deleted, and when a change of its value (anything but its
 * notes, or its type) may change its STIX id (the old value's object, at the change's time, beside
 * the new version). Written by the database in the same statement (triggers of migrations 0033 and
 * 0034), whatever the path that writes. Rows are kept for good: a poller that last asked a year ago
 * still learns that an identifier was withdrawn. No foreign key: the identifier may be gone.
 * `stix_id` is the id of the STIX Indicator the version is (a tombstone's: the Indicator it revokes;
 * `taxii.indicators.ts`), computed by the TAXII reader (a UUIDv5 of the identifier's id and the time
 * its run of versions of that observable began, which SQL does not compute) for rows written since
 * it last looked; null until then; '' for a version STIX has no observable for, and for a change's
 * tombstone whose observable the new version still is (the value changed, not the Indicator).
 */
export const identifierVersions = pgTable(
  'identifier_versions',
  {
    identifierId: uuid('identifier_id').notNull(),
    /**
     * The identifier's `updated_at` for a version and for a change's tombstone; the time of deletion
     * for a deletion's.
     */
    versionAt: timestamp('version_at', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    confidence: real('confidence'),
    deleted: boolean('deleted').notNull().default(false),
    stixId: text('stix_id'),
  },
  (t) => [
    primaryKey({ columns: [t.identifierId, t.versionAt, t.deleted] }),
    // An Indicator's versions (TAXII objects/{id}/ and versions/), and its first one (`created`).
    index('identifier_versions_stix_idx').on(t.stixId, t.versionAt),
    // The tombstones in the order a collection adds them (objects/ and manifest/ with added_after).
    index('identifier_versions_deleted_idx')
      .on(t.versionAt, t.identifierId)
      .where(sql`${t.deleted}`),
    // The rows whose STIX id the reader has still to compute.
    index('identifier_versions_unmapped_idx')
      .on(t.versionAt)
      .where(sql`${t.stixId} is null`),
  ],
);
