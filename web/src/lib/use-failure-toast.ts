import { useCallback } from 'react';
import { useToast } from '../components/toasts/toast-context';
import { errorMessage, isAnsweredByClient } from './api-error';

/** What an error toast about a failed call says: its title, and its subtitle or a fallback for it. */
export interface FailureToast {
  title: string;
  /** The subtitle; by default the server's message, else `fallback`. */
  subtitle?: string;
  /** Said when the failure carries no message of the server's (default "Please try again"; '' for none). */
  fallback?: string;
}

/**
 * Reports a failed call in an error toast, unless the API client has already answered it for every
 * screen (a 401 goes to sign-in, a 403 shows "Access Denied", spec 8): one failure, one message.
 * Every screen's error toast about a call goes through it (ESLint refuses `showToast({ kind: 'error' })`
 * written elsewhere).
 */
export function useFailureToast(): (error: unknown, toast: FailureToast) => void {
  const { showToast } = useToast();
  return useCallback(
    (error, { title, subtitle, fallback = 'Please try again' }) => {
      if (isAnsweredByClient(error)) return;
      const text = subtitle ?? errorMessage(error, fallback);
      // eslint-disable-next-line no-restricted-syntax -- the one place such a toast is written.
      showToast({ kind: 'error', title, ...(text ? { subtitle: text } : {}) });
    },
    [showToast],
  );
}
