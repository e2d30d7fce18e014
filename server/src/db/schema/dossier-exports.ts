import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { bytea, createdAt, id } from './columns';
import { users } from './users';

/**
 * Case dossiers prepared to be signed (docs/dossier.md, "The manifest's signature"): the files of the
 * package but the evidence (which stays in the evidence store) and the manifest, kept between the
 * signing's begin, its completion and the download, for the user who prepared them only, and deleted
 * once expired. In the database, not under DATA_DIR, so that every instance of the app can serve them.
 */
export const dossierExports = pgTable(
  'dossier_exports',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of `manifest.json`: the dossier's hash, which the signature covers. */
    manifestSha256: text('manifest_sha256').notNull(),
    /** The prepared package (JSON, gzip): its small files, its manifest, where each evidence file goes. */
    parts: bytea('parts').notNull(),
    /** `manifest.signature.json` once the passkey's assertion has been verified (JSON). */
    signature: bytea('signature'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dossier_exports_expires_idx').on(t.expiresAt)],
);
