import { journalEntries } from '../schema/index';

/**
 * The columns an entry answer is built from: the journal's reads and the signatures' reads of the
 * content they sign select the same row.
 */
export const entryColumns = {
  id: journalEntries.id,
  caseId: journalEntries.caseId,
  type: journalEntries.type,
  description: journalEntries.description,
  performedAt: journalEntries.performedAt,
  originatorId: journalEntries.originatorId,
  proxyOriginatorId: journalEntries.proxyOriginatorId,
  isNullified: journalEntries.isNullified,
  nullifiedReason: journalEntries.nullifiedReason,
  nullifiedAt: journalEntries.nullifiedAt,
  nullifiedByOriginatorId: journalEntries.nullifiedByOriginatorId,
  createdAt: journalEntries.createdAt,
  updatedAt: journalEntries.updatedAt,
};

export type EntryRow = {
  [K in keyof typeof entryColumns]: (typeof journalEntries.$inferSelect)[K];
};
