import type { ValidatorResult } from './validators/types';

/** Who recorded an identifier, as far as confidence cares. */
export type ConfidenceOriginator =
  { type: 'team_member' } | { type: 'automation' } | { type: 'community_member'; reputation?: number | null };

/** A computed confidence: the score in 0..1 (2 decimals) and why, in sentences a person can read. */
export interface ConfidenceScore {
  score: number;
  reasons: string[];
}

/** How much an originator is trusted before any check runs. */
export const ORIGINATOR_TRUST = {
  team_member: 0.8,
  automation: 0.7,
  /** By reputation, on the same tiers as the reputation tag colours (spec 3). */
  community: { trusted: 0.6, established: 0.5, new: 0.4, negative: 0.2 },
  unknown: 0.3,
} as const;
/** Each passed check closes this share of the remaining gap to 1. */
export const PASS_GAIN = 0.5;
/** Each failed check keeps this share of the score. */
export const FAIL_FACTOR = 0.4;

function baseTrust(originator: ConfidenceOriginator | null | undefined): { trust: number; reason: string } {
  if (!originator) return { trust: ORIGINATOR_TRUST.unknown, reason: 'Originator unknown' };
  if (originator.type === 'team_member')
    return { trust: ORIGINATOR_TRUST.team_member, reason: 'Recorded by a team member' };
  if (originator.type === 'automation')
    return { trust: ORIGINATOR_TRUST.automation, reason: 'Recorded by an automation' };
  const reputation = originator.reputation ?? 0;
  const { trusted, established, new: fresh, negative } = ORIGINATOR_TRUST.community;
  const trust =
    reputation >= 100 ? trusted : reputation >= 50 ? established : reputation >= 0 ? fresh : negative;
  return { trust, reason: `Recorded by a community member with reputation ${reputation}` };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Combines validator results and the originator into a confidence in 0..1:
 *
 *   score = trust(originator)
 *   score = 1 - (1 - score) * PASS_GAIN^passes      (each pass halves the distance to 1)
 *   score = score * FAIL_FACTOR^fails               (each failure keeps 40%)
 *
 * rounded to 2 decimals. Trust: team member 0.8, automation 0.7, community member by reputation
 * (>= 100: 0.6, >= 50: 0.5, >= 0: 0.4, below 0: 0.2; missing counts as 0), unknown 0.3. Failures are
 * applied last and multiply, so a failed checksum (usually a typo) outweighs any number of passes.
 * Not-applicable results do not move the score. A team member's phone number that passes validity
 * and line type scores 0.95; the same with a failed check would score 0.38.
 */
export function computeConfidence(
  validators: readonly ValidatorResult[],
  originator: ConfidenceOriginator | null | undefined,
): ConfidenceScore {
  const base = baseTrust(originator);
  const reasons = [`${base.reason} (base ${base.trust.toFixed(2)})`];
  let score = base.trust;
  const passed = validators.filter((result) => result.outcome === 'pass');
  const failed = validators.filter((result) => result.outcome === 'fail');
  for (const result of passed) {
    score = 1 - (1 - score) * PASS_GAIN;
    reasons.push(`Passed: ${result.label}: ${result.detail}`);
  }
  for (const result of failed) {
    score *= FAIL_FACTOR;
    reasons.push(`Failed: ${result.label}: ${result.detail}`);
  }
  if (passed.length + failed.length === 0) reasons.push('No automated check applies to this identifier');
  return { score: round2(Math.min(1, Math.max(0, score))), reasons };
}
