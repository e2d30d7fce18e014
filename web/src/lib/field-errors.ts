import type { z } from 'zod';
import { isAnsweredByClient, isApiError } from './api-error';

/** Inline messages of a form, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** A field's form-level name: `scopes.0` belongs to the `scopes` field. */
function topLevel(path: string): string {
  return path.split('.')[0];
}

/** The first message of each top-level field of a failed parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    errors[field] ??= issue.message;
  }
  return errors;
}

export interface SaveFailure {
  /** Messages for the fields the form shows. */
  fieldErrors: FieldErrors;
  /** A message for the top of the form, or null when the fields say it all (or a toast already did). */
  message: string | null;
}

/**
 * What a form shows when a save fails: the server's `details.fields` on the fields the form has, and the
 * server's message (or the fallback) for the rest. Nothing for a failure the API client answered (a
 * 401's sign-in, a 403's toast); a silent call's refusal is described like any other.
 */
export function describeSaveFailure(
  error: unknown,
  formFields: readonly string[],
  fallback: string,
): SaveFailure {
  if (!isApiError(error)) return { fieldErrors: {}, message: fallback };
  if (isAnsweredByClient(error)) return { fieldErrors: {}, message: null };
  const fieldErrors: FieldErrors = {};
  const unplaced: string[] = [];
  for (const { field: path, message } of error.details?.fields ?? []) {
    const field = topLevel(path);
    if (formFields.includes(field)) fieldErrors[field] ??= message;
    else unplaced.push(message);
  }
  const placedAll = Object.keys(fieldErrors).length > 0 && unplaced.length === 0;
  if (placedAll) return { fieldErrors, message: null };
  return { fieldErrors, message: unplaced.length ? unplaced.join('. ') : error.message || fallback };
}
