import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { cases } from './cases';
import { evidence } from './evidence';
import { identifiers } from './identifiers';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: text('name').notNull(),
    /** A Carbon tag colour name (red, blue, green, ...). */
    color: text('color').notNull().default('gray'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
);

// Each junction table indexes tag_id too: it serves usage counts and the delete-restrict check.
const tagRef = () =>
  uuid('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'restrict' });

export const caseTags = pgTable(
  'case_tags',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    tagId: tagRef(),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.tagId] }), index('case_tags_tag_idx').on(t.tagId)],
);

export const evidenceTags = pgTable(
  'evidence_tags',
  {
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    tagId: tagRef(),
  },
  (t) => [primaryKey({ columns: [t.evidenceId, t.tagId] }), index('evidence_tags_tag_idx').on(t.tagId)],
);

export const identifierTags = pgTable(
  'identifier_tags',
  {
    identifierId: uuid('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    tagId: tagRef(),
  },
  (t) => [primaryKey({ columns: [t.identifierId, t.tagId] }), index('identifier_tags_tag_idx').on(t.tagId)],
);
