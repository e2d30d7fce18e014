import { getIdentifierTypeLabel } from '@scamtrail/domain/identifiers/catalogue';
import type { IdentifierType } from '@scamtrail/domain/identifiers/types';
import type { ValidatorResult } from '@scamtrail/domain/identifiers/validators/types';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import { iso } from '../../lib/schemas';
import type { IdentifierRow } from './identifiers.repository';
import type { ConfidenceReport, IdentifierItem } from '@scamtrail/domain/identifiers/api';

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

/** What an identifier answer is made of; times as read (Date) or already ISO text (a JSON page). */
export type PresentedIdentifier = Pick<
  IdentifierRow,
  'id' | 'type' | 'data' | 'displayValue' | 'confidence' | 'originatorId' | 'proxyOriginatorId'
> & { createdAt: Date | string; updatedAt: Date | string };

const isoOf = (time: Date | string) => (typeof time === 'string' ? time : iso(time));

/** The public shape of an identifier; originators come from one lookup for the whole page. */
export function toIdentifierItem(
  row: PresentedIdentifier,
  evidenceCount: number,
  originators: ReadonlyMap<string, OriginatorSummary>,
): IdentifierItem {
  const originator = originators.get(row.originatorId);
  const proxy = row.proxyOriginatorId ? (originators.get(row.proxyOriginatorId) ?? null) : null;
  return {
    id: row.id,
    type: row.type as IdentifierType,
    typeLabel: getIdentifierTypeLabel(row.type),
    data: row.data,
    displayValue: row.displayValue,
    confidence: row.confidence === null ? null : { score: row.confidence },
    evidenceCount,
    originator: originator ? { ...originator, proxy } : null,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
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
