import type { FieldError } from '@scamtrail/domain/errors';
import { errorMessage, isAnsweredByClient, isApiError } from '../../../lib/api-error';

export const CREATE_FAILED_MESSAGE = 'Failed to create identifier';
export const UPDATE_FAILED_MESSAGE = 'Failed to update identifier';

/** A failed save as the form shows it: the message and, for a duplicate, the existing identifier. */
export interface SubmitFailure {
  message: string;
  existingId?: string;
}

/** How the form shows a failed save: a notification, field messages, or both. */
export interface SaveFailure {
  failure: SubmitFailure | null;
  fields: FieldError[];
}

/** The server's field paths the form shows beside a field: the type, its data, and "Reported by". */
const isFormField = (field: string) =>
  field === 'type' || field.startsWith('data.') || field === 'onBehalfOfOriginatorId';

/**
 * Reads a failed create or update (spec 8: the server's message, else the fallback). A duplicate
 * (409) names the existing identifier so the form can offer it; a 400 whose details name form
 * fields is shown beside those fields with the form's summary instead of as one long sentence.
 * Nothing for a failure the API client answered (a 401's sign-in, a 403's toast).
 */
export function readSaveFailure(error: unknown, fallback: string): SaveFailure {
  if (!isApiError(error)) return { failure: { message: fallback }, fields: [] };
  if (isAnsweredByClient(error)) return { failure: null, fields: [] };
  if (error.status === 409) {
    const existingId = error.details?.existingId;
    return {
      failure: {
        message: error.message || fallback,
        existingId: typeof existingId === 'string' ? existingId : undefined,
      },
      fields: [],
    };
  }
  const fields = (error.details?.fields ?? []).filter((field) => isFormField(field.field));
  if (error.status === 400 && fields.length > 0) return { failure: null, fields };
  return { failure: { message: errorMessage(error, fallback) }, fields: [] };
}
