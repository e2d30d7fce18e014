import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { describeSaveFailure, zodFieldErrors, type FieldErrors } from './field-errors';

/** The outcome of a schema's `safeParse`. */
type ParseResult<T> = { success: true; data: T } | { success: false; error: z.ZodError };

interface RunOptions {
  /** Leave the fields' messages shown while saving (they are replaced only if the save fails). */
  keepFieldErrors?: boolean;
}

/**
 * The error state of a form dialog: messages by field, a message for the top of the form, and `run`,
 * which shows a failed parse on the fields or else saves, placing a failed save's messages as
 * `describeSaveFailure` does.
 */
export function useFormSubmission(fields: readonly string[], fallback: string) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

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
      return;
    }
    if (!options.keepFieldErrors) setFieldErrors({});
    setFormError(null);
    try {
      await save(parsed.data);
    } catch (error) {
      const failure = describeSaveFailure(error, fields, fallback);
      setFieldErrors(failure.fieldErrors);
      setFormError(failure.message);
    }
  }

  return { fieldErrors, errorProps, clearError, formError, run };
}
