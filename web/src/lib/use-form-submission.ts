import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useToast } from '../components/toasts/toast-context';
import { describeSaveFailure, zodFieldErrors, type FieldErrors } from './field-errors';
import { useFocusFirstInvalid } from './focus-first-invalid';

/** The form-level message of spec 5, shown when a submit finds invalid fields; it closes after 5 s. */
export const FORM_ERRORS_TOAST = {
  kind: 'error',
  title: 'Please fix the errors in the form',
  timeout: 5000,
} as const;

/** The outcome of a schema's `safeParse`. */
type ParseResult<T> = { success: true; data: T } | { success: false; error: z.ZodError };

interface RunOptions {
  /** Leave the fields' messages shown while saving (they are replaced only if the save fails). */
  keepFieldErrors?: boolean;
}

/**
 * The error state of a form dialog: messages by field, a message for the top of the form, and `run`,
 * which shows a failed parse on the fields or else saves, placing a failed save's messages as
 * `describeSaveFailure` does. A failed parse also follows spec 5's form-level rule: focus moves to the
 * first invalid field of `formRef` (attach it to the element holding the fields) and the message
 * "Please fix the errors in the form" shows for 5 seconds, or until the next submit finds none.
 */
export function useFormSubmission(fields: readonly string[], fallback: string) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { formRef, focusFirstInvalidField } = useFocusFirstInvalid();
  const { showToast, dismissToast } = useToast();
  const errorsToast = useRef<string | null>(null);

  // The message is about this form: it goes when the form does (a dialog cancelled or saved).
  useEffect(
    () => () => {
      if (errorsToast.current) dismissToast(errorsToast.current);
    },
    [dismissToast],
  );

  const clearError = useCallback((field: string) => {
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  }, []);

  /** A field's `invalid` and `invalidText` props. */
  const errorProps = (field: string) => ({
    invalid: Boolean(fieldErrors[field]),
    invalidText: fieldErrors[field],
  });

  async function run<T>(parsed: ParseResult<T>, save: (data: T) => Promise<void>, options: RunOptions = {}) {
    if (!parsed.success) {
      setFieldErrors(zodFieldErrors(parsed.error));
      focusFirstInvalidField();
      if (errorsToast.current) dismissToast(errorsToast.current);
      errorsToast.current = showToast(FORM_ERRORS_TOAST);
      return;
    }
    // The fields are right now: the message asking to fix them no longer applies.
    if (errorsToast.current) dismissToast(errorsToast.current);
    errorsToast.current = null;
    if (!options.keepFieldErrors) setFieldErrors({});
    setFormError(null);
    try {
      await save(parsed.data);
    } catch (error) {
      const failure = describeSaveFailure(error, fields, fallback);
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.message);
      // The server named fields (a taken name, say): take the user to the first of them.
      if (Object.values(failure.fieldErrors).some(Boolean)) focusFirstInvalidField();
    }
  }

  return { fieldErrors, errorProps, clearError, formError, formRef, run };
}
