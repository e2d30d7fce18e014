import { computeConfidence, type ConfidenceOriginator } from '@scamtrail/domain/identifiers/confidence-score';
import { runIdentifierValidators } from '@scamtrail/domain/identifiers/validators/run-validators';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { toConfidenceReport } from './identifier-presenter';
import { findIdentifierRows, findOriginatorKind, saveIdentifierValidation } from './identifiers.repository';
import { findIdentifierOrFail } from './identifiers.service';
import type { ConfidenceReport } from '@scamtrail/domain/identifiers/api';

/** How much the originator who recorded the identifier is trusted: its kind, and reputation for community members. */
async function confidenceOriginator(db: Db, originatorId: string): Promise<ConfidenceOriginator | null> {
  const kind = await findOriginatorKind(db, originatorId);
  if (!kind) return null;
  return kind.type === 'community_member'
    ? { type: 'community_member', reputation: kind.reputation }
    : { type: kind.type };
}

/**
 * Runs every validator that applies, computes the confidence from the results and the originator,
 * and stores results, reasons and the time, with a history event in the same transaction.
 */
export async function validateIdentifierById(db: Db, id: string, principal: Principal) {
  const row = await findIdentifierOrFail(db, id);
  const results = runIdentifierValidators(row.type, row.data);
  const { score, reasons } = computeConfidence(results, await confidenceOriginator(db, row.originatorId));
  const saved = await db.transaction(async (tx) => {
    const updated = await saveIdentifierValidation(tx, id, {
      confidence: score,
      validation: { results, reasons },
      validatedAt: new Date(),
    });
    if (!updated) throw AppError.notFound('Identifier');
    await recordEvent(tx, {
      type: 'identifier.validated',
      actorOriginatorId: principal.originatorId,
      subjectType: 'identifier',
      subjectId: id,
      data: { score, outcomes: results.map((result) => ({ name: result.name, outcome: result.outcome })) },
    });
    return updated;
  });
  return { ...toConfidenceReport(saved), results };
}

export async function getIdentifierConfidence(db: Db, id: string): Promise<ConfidenceReport> {
  return toConfidenceReport(await findIdentifierOrFail(db, id));
}

/** Confidence of many identifiers in one query, in the order asked; unknown ids are listed as missing. */
export async function getBulkConfidence(db: Db, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = new Map((await findIdentifierRows(db, unique)).map((row) => [row.id, row]));
  return {
    data: unique.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toConfidenceReport(row)] : [];
    }),
    missing: unique.filter((id) => !rows.has(id)),
  };
}
