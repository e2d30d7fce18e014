import { useEffect, useRef } from 'react';
import { CURRENT_USER_ERROR } from '../lib/session';
import { useFailureToast } from '../lib/use-failure-toast';

/** Tells the user when the session could not be restored for another reason than being signed out. */
export function useSessionErrorToast(error: Error | null) {
  const showFailure = useFailureToast();
  // One toast per failure, even when effects run twice (StrictMode) or the layout re-renders.
  const reported = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    console.error(CURRENT_USER_ERROR, error);
    showFailure(error, { title: CURRENT_USER_ERROR, subtitle: error.message });
  }, [error, showFailure]);
}
