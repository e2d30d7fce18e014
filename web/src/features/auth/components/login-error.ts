import { isApiError } from '../../../lib/api-error';
import { PasskeyError } from '../../../lib/passkeys';

export interface LoginErrorMessage {
  title: string;
  subtitle?: string;
}

/** What the sign-in form says about a failed attempt. */
export function describeLoginError(error: unknown): LoginErrorMessage {
  if (error instanceof PasskeyError) return { title: error.message };
  if (!isApiError(error)) return { title: 'Sign-in failed', subtitle: 'Please try again.' };
  // eslint-disable-next-line no-restricted-syntax -- sign-in's 401 is the wrong password, said by the form.
  if (error.status === 401) return { title: error.message || 'Invalid email or password' };
  if (error.status === 429) {
    return {
      title: 'Too many sign-in attempts',
      subtitle: error.message || 'Please wait a few minutes before trying again.',
    };
  }
  if (error.status === 0) return { title: 'Cannot reach the server', subtitle: error.message };
  return { title: 'Sign-in failed', subtitle: error.message };
}
