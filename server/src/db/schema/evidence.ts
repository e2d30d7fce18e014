import { EVIDENCE_KINDS } from '@scamtrail/domain/evidence';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { bytea, createdAt, id, updatedAt } from './columns';
import { identifiers } from './identifiers';
import { originators } from './originators';

/**
 * A piece of evidence: written text (`kind` written, `body` holds it) or a stored file
 * (`kind` screenshot, document, email, audio or video), whose bytes live in content-addressed
 * storage under its SHA-256 (`evidence_blobs` on PostgreSQL, files under DATA_DIR on PGlite).
 * `content_type` is sniffed from the bytes, never taken from the client.
 */
export const evidence = pgTable(
  'evidence',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull().default('written'),
    /** Written evidence: the text itself. */
    body: text('body'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    proxyOriginatorId: uuid('proxy_originator_id').references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('evidence_case_idx').on(t.caseId, t.createdAt.desc(), t.id),
    index('evidence_created_idx').on(t.createdAt.desc(), t.id),
    index('evidence_sha256_idx').on(t.sha256),
    // The list's search looks in the text of written evidence.
    index('evidence_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);

/**
 * Evidence file bytes by SHA-256, for PostgreSQL deployments: every app instance reads the same
 * store. Written once per distinct content; never updated. The bytes are the chunks of `contentId`
 * (`evidence_chunks`); `bytes` holds a whole file only as versions before chunks wrote it (read
 * first when present, so an instance of that version can still write during an upgrade).
 */
export const evidenceBlobs = pgTable(
  'evidence_blobs',
  {
    sha256: text('sha256').primaryKey(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    bytes: bytea('bytes'),
    contentId: uuid('content_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('evidence_blobs_content_id_idx').on(t.contentId)],
);

/**
 * A file's bytes in order, in chunks of at most 8,000 bytes stored in the row itself (STORAGE PLAIN,
 * set by the migration: no TOAST, no compression), written as an upload arrives under a new
 * `contentId` and named by a blob once the evidence row commits. Chunks no blob names are an upload
 * still arriving or one abandoned; the collector removes the latter (their first chunk is older than
 * the grace period, `evidence_chunks_first_idx`).
 */
export const evidenceChunks = pgTable(
  'evidence_chunks',
  {
    contentId: uuid('content_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.seq] }),
    index('evidence_chunks_first_idx')
      .on(t.createdAt)
      .where(sql`${t.seq} = 0`),
  ],
);

/**
 * Chain of custody: an append-only log of what happened to an evidence item (added, viewed,
 * downloaded, linked, unlinked, verified), by whom and when. Rows are only ever inserted.
 */
export const evidenceCustody = pgTable(
  'evidence_custody',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorOriginatorId: uuid('actor_originator_id').references(() => originators.id),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    /** What the action concerned: the case, entry or identifier linked, the hash verified... */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_custody_evidence_idx').on(t.evidenceId, t.id)],
);

/**
 * Which identifiers an evidence item names. `evidence_created_at`, `case_id` and `has_file` are copies
 * of the item's `created_at`, `case_id` and `file_name is not null`, written by the database alone
 * (triggers of migration 0009: on insert of a link and on every change of the item), so an
 * identifier's evidence and media are paged and counted off one index without reading the items. The
 * defaults only satisfy the insert: the trigger replaces them with the item's values.
 */
export const evidenceIdentifiers = pgTable(
  'evidence_identifiers',
  {
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    identifierId: uuid('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    evidenceCreatedAt: timestamp('evidence_created_at', { withTimezone: true }).notNull().defaultNow(),
    caseId: uuid('case_id'),
    hasFile: boolean('has_file').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.evidenceId, t.identifierId] }),
    index('evidence_identifiers_identifier_idx').on(t.identifierId),
    // A case's identifiers named by its evidence, read off this index alone.
    index('evidence_identifiers_case_idx').on(t.caseId, t.identifierId),
    // An identifier's evidence newest first, with its case and whether it holds a file: a page (of all,
    // or of its media) and the counts per case are read off this index alone.
    index('evidence_identifiers_listing_idx').on(
      t.identifierId,
      t.evidenceCreatedAt.desc(),
      t.evidenceId.desc(),
      t.caseId,
      t.hasFile,
    ),
    // Its media alone, for the first page of media of an identifier with few files among many items.
    index('evidence_identifiers_media_idx')
      .on(t.identifierId, t.evidenceCreatedAt.desc(), t.evidenceId.desc(), t.caseId)
      .where(sql`${t.hasFile}`),
  ],
);
