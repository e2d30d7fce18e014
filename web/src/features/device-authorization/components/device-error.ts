import { isApiError } from '../../../lib/api-error';

export interface DeviceErrorMessage {
  title: string;
  subtitle?: string;
  /** The message belongs under the code field (a code that cannot be one). */
  field?: string;
}

/**
 * A code that cannot be one, in the page's words: the server's message is for API clients and names
 * the field of its body ("userCode must be..."), which the person at the page never sees.
 */
export const CODE_SHAPE_MESSAGE = 'Enter the 8 letters your device shows, like WDJB-MJHT';

/** What the page says about a code the server refused. */
export function describeDeviceError(error: unknown): DeviceErrorMessage {
  if (!isApiError(error)) return { title: 'Something went wrong', subtitle: 'Please try again.' };
  if (error.status === 400) {
    const field = error.details?.fields?.some((f) => f.field === 'userCode') ? CODE_SHAPE_MESSAGE : undefined;
    return { title: 'Check the code', subtitle: field ?? error.message, field: field ?? error.message };
  }
  if (error.status === 404) {
    return {
      title: 'Wrong or expired code',
      subtitle: 'No sign-in request is waiting with this code. Check it, or start again on your device.',
    };
  }
  if (error.status === 429) return { title: 'Too many wrong codes', subtitle: error.message };
  if (error.status === 0) return { title: 'Cannot reach the server', subtitle: error.message };
  return { title: 'The request failed', subtitle: error.message };
}
