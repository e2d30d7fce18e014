import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';

/**
 * Who the TAXII feed says made its objects (docs/interchange.md, "TAXII"): one row, written by the
 * first TAXII read (`taxii.producer.ts`). `identity_id` is the UUIDv4 of the instance's STIX
 * `identity` (the Indicators' `created_by_ref`), `extension_id` that of the `extension-definition`
 * (a property extension) the Indicators carry Scamtrail's details in, both drawn at random once
 * (STIX 2.1 §2.9: SDOs and meta objects SHOULD have UUIDv4 ids) so every answer names the same
 * objects. `name` is the identity's name (from PUBLIC_URL); when it changes, `modified` does, and
 * the identity is served as a new version.
 */
export const stixProducer = pgTable(
  'stix_producer',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    identityId: uuid('identity_id').notNull(),
    extensionId: uuid('extension_id').notNull(),
    name: text('name').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    modified: timestamp('modified', { withTimezone: true }).notNull(),
  },
  (t) => [check('stix_producer_singleton', sql`${t.singleton}`)],
);

/**
 * The version of each case's STIX grouping the export last served (docs/interchange.md, "STIX 2.1";
 * `stix-bundle.ts`): a digest of its content (everything but `modified`) and its `modified`. An
 * export whose grouping has another content gives it a later `modified` (a new version, as STIX 2.1
 * §3.6 asks and a consumer needs to take it), one with the same content the same; so an identifier
 * unlinked from the case, which changes no time the grouping is made of, still makes a new version.
 */
export const stixGroupings = pgTable('stix_groupings', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  /** SHA-256 (hex) of the grouping's content without `modified`. */
  digest: text('digest').notNull(),
  modified: timestamp('modified', { withTimezone: true }).notNull(),
});
