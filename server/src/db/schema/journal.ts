import { JOURNAL_ENTRY_TYPES } from '@scamtrail/domain/journal-entry-types';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { bytea, createdAt, id, updatedAt } from './columns';
import { evidence } from './evidence';
import { identifiers } from './identifiers';
import { originators } from './originators';
import { users } from './users';

/**
 * A journal entry: something that happened in an investigation (a call, a note, evidence added...).
 * An entry is created on its own and then linked to its case (`case_id` stays null until then).
 * Entries are never deleted: removal nullifies them with a reason, who and when.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    type: text('type', { enum: JOURNAL_ENTRY_TYPES }).notNull(),
    description: text('description').notNull().default(''),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    originatorId: uuid('originator_id')
      .notNull()
      .references(() => originators.id),
    proxyOriginatorId: uuid('proxy_originator_id').references(() => originators.id),
    isNullified: boolean('is_nullified').notNull().default(false),
    nullifiedReason: text('nullified_reason'),
    nullifiedAt: timestamp('nullified_at', { withTimezone: true }),
    /** Who removed it: the originator of the user or automation that acted. */
    nullifiedByOriginatorId: uuid('nullified_by_originator_id').references(() => originators.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('journal_entries_case_idx').on(t.caseId),
    // The timeline: a case's entries newest first, paged by keyset or offset.
    index('journal_entries_case_timeline_idx').on(t.caseId, t.performedAt.desc(), t.id.desc()),
    index('journal_entries_originator_idx').on(t.originatorId),
    // The search across cases' journals (GET /api/journal-entries?search=): a rare text's entries are found
    // through the trigram index and sorted; a common one's by walking all entries latest first, stopping
    // at the page's end. The planner picks by its estimate of how many match.
    index('journal_entries_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('journal_entries_performed_idx').on(t.performedAt.desc(), t.id.desc()),
    // A case's count of live entries (case list, case header) by an index-only scan, without reading
    // the rows of a case with thousands of entries.
    index('journal_entries_case_live_idx')
      .on(t.caseId)
      .where(sql`${t.isNullified} = false`),
    // The timeline's default page (live entries newest first): walked to the end of the page, whatever
    // the number of the case's entries, never sorting them (issue 38).
    index('journal_entries_case_timeline_live_idx')
      .on(t.caseId, t.performedAt.desc(), t.id.desc())
      .where(sql`${t.isNullified} = false`),
  ],
);

/**
 * Which identifiers a journal entry names. `performed_at`, `case_id` and `is_nullified` are copies of
 * the entry's, written by the database alone (triggers of migration 0009: on insert of a link and on
 * every change of the entry), so an identifier's live entries are paged and counted off one index,
 * whatever the number of entries naming it, without reading the entries. The defaults only satisfy the
 * insert: the trigger replaces them with the entry's values.
 */
export const journalEntryIdentifiers = pgTable(
  'journal_entry_identifiers',
  {
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    identifierId: uuid('identifier_id')
      .notNull()
      .references(() => identifiers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull().defaultNow(),
    caseId: uuid('case_id'),
    isNullified: boolean('is_nullified').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.journalEntryId, t.identifierId] }),
    index('journal_entry_identifiers_identifier_idx').on(t.identifierId),
    // An identifier's live entries newest first, with their case for the visibility check: a page and
    // the counts per case are read off this index alone.
    index('journal_entry_identifiers_live_idx')
      .on(t.identifierId, t.performedAt.desc(), t.journalEntryId.desc(), t.caseId)
      .where(sql`${t.isNullified} = false`),
    // A case's identifiers named by its live entries (related cases, the case's identifiers), read off
    // this index alone, without the entries.
    index('journal_entry_identifiers_case_idx')
      .on(t.caseId, t.identifierId)
      .where(sql`${t.isNullified} = false`),
  ],
);

export const journalEntryEvidence = pgTable(
  'journal_entry_evidence',
  {
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.journalEntryId, t.evidenceId] }),
    index('journal_entry_evidence_evidence_idx').on(t.evidenceId),
  ],
);

/**
 * The signature of a journal entry, stored once and never changed (docs/signatures.md). It holds
 * everything needed to verify it without the passkey: the assertion as the authenticator produced it,
 * a copy of the public key, the content it signed and where it was made (RP ID and origin).
 */
export const journalSignatures = pgTable(
  'journal_signatures',
  {
    id: id(),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .unique()
      .references(() => journalEntries.id),
    /**
     * The passkey used. No foreign key: the passkey may be deleted later, and this row never changes
     * (the copy of its public key below still verifies).
     */
    passkeyId: uuid('passkey_id').notNull(),
    signerUserId: uuid('signer_user_id')
      .notNull()
      .references(() => users.id),
    /** Who signed, and with which passkey, as they were named when signing. */
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    passkeyName: text('passkey_name').notNull(),
    credentialId: text('credential_id').notNull(),
    /** COSE public key. */
    publicKey: bytea('public_key').notNull(),
    algorithm: text('algorithm').notNull(),
    authenticatorData: bytea('authenticator_data').notNull(),
    clientDataJson: bytea('client_data_json').notNull(),
    signature: bytea('signature').notNull(),
    /** The canonical JSON signed, and its SHA-256 (hex). */
    canonicalContent: text('canonical_content').notNull(),
    contentHash: text('content_hash').notNull(),
    canonicalizationVersion: text('canonicalization_version').notNull(),
    /** The random part of the challenge (URL-safe base64): challenge = content hash || nonce. */
    challengeNonce: text('challenge_nonce').notNull(),
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_signatures_signer_idx').on(t.signerUserId)],
);

/**
 * Each case's journal as a hash chain (docs/signatures.md): one link per event on an entry of the case
 * (linked to the case, changed, signed, nullified), numbered from 1, each holding the hash of the one
 * before it. Links are only ever inserted.
 */
export const journalChainLinks = pgTable(
  'journal_chain_links',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['linked', 'updated', 'signed', 'nullified', 'unlinked'] }).notNull(),
    journalEntryId: uuid('journal_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    /** SHA-256 (hex) of the entry's chained content at this event. */
    contentHash: text('content_hash').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.seq] }),
    index('journal_chain_links_entry_idx').on(t.journalEntryId),
  ],
);

/**
 * The last verified point of each case's hash chain (modules/signatures/journal-chain.ts): the integrity
 * check verifies the links after it and the entries they name, not the whole chain again. Checkpoints are
 * themselves chained: `hash` covers the case, `seq`, the hash of link `seq` and the checkpoint before
 * (`prev_hash`). A full verification of the chain, run off the main thread at most every few minutes,
 * records when it ran, how far it went and the first break it found (null when it found none).
 */
export const journalCheckpoints = pgTable('journal_checkpoints', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => cases.id),
  seq: integer('seq').notNull(),
  linkHash: text('link_hash').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  fullyVerifiedAt: timestamp('fully_verified_at', { withTimezone: true }).notNull(),
  fullyVerifiedSeq: integer('fully_verified_seq').notNull(),
  fullBreakSeq: integer('full_break_seq'),
  fullBreakEntryId: uuid('full_break_entry_id'),
  fullBreakReason: text('full_break_reason'),
});
