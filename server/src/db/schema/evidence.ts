import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { createdAt, id, updatedAt } from './columns';
import { identifiers } from './identifiers';
import { originators } from './originators';

/** A piece of evidence: written, or a stored file (media) identified by its SHA-256. */
export const evidence = pgTable(
  'evidence',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull().default('written'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('evidence_case_idx').on(t.caseId)],
);

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
  },
  (t) => [
    primaryKey({ columns: [t.evidenceId, t.identifierId] }),
    index('evidence_identifiers_identifier_idx').on(t.identifierId),
  ],
);
