import { useEffect, useRef, useState } from 'react';
import { isApiError, NETWORK_ERROR_CODE } from '../../lib/api-error';
import type { EntrySignature, SignatureInfo } from './originator-badge-types';

export const VERIFY_FAILED_REASON = 'Failed to verify signature';
export const NO_RESPONSE_REASON = 'No response from server';

export type VerificationState =
  | { status: 'idle'; info: SignatureInfo | null }
  | { status: 'verifying'; info: null }
  | { status: 'done'; info: SignatureInfo };

/** Spec 4 and 8: no answer gives "No response from server", any other failure "Failed to verify signature". */
export function failedVerification(error: unknown): SignatureInfo {
  const noResponse = isApiError(error) && (error.status === 0 || error.code === NETWORK_ERROR_CODE);
  return { valid: false, invalidReason: noResponse ? NO_RESPONSE_REASON : VERIFY_FAILED_REASON };
}

/**
 * Verifies a signed entry's signature each time the details modal opens (spec 4). Without `verify`,
 * the given signature info is shown as it is.
 */
export function useSignatureVerification(
  open: boolean,
  signature: EntrySignature | undefined,
  verify: (() => Promise<SignatureInfo | null | undefined>) | undefined,
): VerificationState {
  const shouldVerify = open && Boolean(signature?.isSigned) && Boolean(verify);
  const [result, setResult] = useState<SignatureInfo | null>(null);
  // The latest callback, so a parent passing a new function each render does not verify again.
  const verifyRef = useRef(verify);
  useEffect(() => {
    verifyRef.current = verify;
  }, [verify]);

  useEffect(() => {
    const run = verifyRef.current;
    if (!shouldVerify || !run) return;
    let current = true;
    run().then(
      (info) => current && setResult(info ?? { valid: false, invalidReason: NO_RESPONSE_REASON }),
      (error: unknown) => current && setResult(failedVerification(error)),
    );
    return () => {
      current = false;
      // Closing forgets the outcome: the next opening verifies afresh.
      setResult(null);
    };
  }, [shouldVerify]);

  if (!shouldVerify) return { status: 'idle', info: signature?.info ?? null };
  return result ? { status: 'done', info: result } : { status: 'verifying', info: null };
}
