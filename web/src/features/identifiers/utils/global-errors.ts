import { isApiError } from '../../../lib/api-error';

/**
 * True for the failures the API client already answers for every screen (401: sign in again,
 * 403: "Access Denied"), so a screen does not add a second message.
 */
export function isHandledGlobally(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}
