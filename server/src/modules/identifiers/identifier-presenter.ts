import type { ValidatorResult } from '@scamtrail/domain/identifiers/validators/types';
import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import { iso } from '../../lib/schemas';
import type { IdentifierRow } from './identifiers.repository';
import type { ConfidenceReport } from '@scamtrail/domain/identifiers/api';

/** What `validation` holds once an identifier was validated. */
export interface StoredValidation {
  results: ValidatorResult[];
  reasons: string[];
}

export function readValidation(row: Pick<IdentifierRow, 'validation'>): StoredValidation {
  const stored = (row.validation ?? {}) as Partial<StoredValidation>;
  return {
    results: Array.isArray(stored.results) ? stored.results : [],
    reasons: Array.isArray(stored.reasons) ? stored.reasons : [],
  };
}

export function toConfidenceReport(row: IdentifierRow): ConfidenceReport {
  return {
    id: row.id,
    score: row.confidence,
    formatted: formatConfidence(row.confidence),
    reasons: readValidation(row).reasons,
    validatedAt: iso(row.validatedAt),
  };
}
