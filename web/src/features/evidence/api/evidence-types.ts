/**
 * The evidence API's types, inferred from the shared zod schemas in `domain/` (the contract) rather than
 * copied by hand. Type-only: no schema code reaches the bundle from here.
 */
import type { z } from 'zod';
import type {
  custodyEventSchema,
  evidenceIdentifierSchema,
  evidenceJournalEntrySchema,
  evidenceSchema,
  verifyEvidenceResponseSchema,
} from '@scamtrail/domain/evidence';
import type { Pagination } from '@scamtrail/domain/pagination';

export type EvidenceItem = z.output<typeof evidenceSchema>;
export type CustodyEvent = z.output<typeof custodyEventSchema>;
/** `GET /api/evidence/{id}/identifiers`. */
export type LinkedIdentifier = z.output<typeof evidenceIdentifierSchema>;
/** `GET /api/evidence/{id}/journal-entries`. */
export type LinkingEntry = z.output<typeof evidenceJournalEntrySchema>;
/** `POST /api/evidence/{id}/verify`. */
export type VerifyResult = z.output<typeof verifyEvidenceResponseSchema>;

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
