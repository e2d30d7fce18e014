/** What the list and detail screens show for a confidence nobody has computed (spec 4). */
export const UNKNOWN_CONFIDENCE = '?';

/** A confidence as the API answers it: a bare score or `{ score }`, possibly missing. */
export type ConfidenceLike = number | { score?: number | null } | null | undefined;

/**
 * Formats a confidence for display (spec 4 and 9): two decimals, clamped to 0..1 ("1.00", "0.90"),
 * "?" when missing (null, undefined, NaN or an object without a score). Infinities clamp like any
 * other out-of-range number.
 */
export function formatConfidence(confidence: ConfidenceLike): string {
  const score = typeof confidence === 'object' && confidence !== null ? confidence.score : confidence;
  if (typeof score !== 'number' || Number.isNaN(score)) return UNKNOWN_CONFIDENCE;
  return Math.min(1, Math.max(0, score)).toFixed(2);
}
