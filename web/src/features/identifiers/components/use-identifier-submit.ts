import { useState } from 'react';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import type { IdentifierInputBody, IdentifierItem } from '../api/identifier-types';
import { readSaveFailure, type SubmitFailure } from '../utils/save-failure';
import type { IdentifierFormState } from './use-identifier-form';

/**
 * Submitting the identifier form: check it (messages and summary stay in the form), send it once,
 * and show what the server refused, with the focus on the first invalid field (attach `formRef` to the
 * fields). `onSaved` runs with the saved identifier; an error `handled` takes (an edit conflict the
 * dialog shows itself) is not shown as a failure.
 */
export function useIdentifierSubmit(
  form: IdentifierFormState,
  save: (body: IdentifierInputBody) => Promise<IdentifierItem>,
  fallbackMessage: string,
  onSaved: (item: IdentifierItem) => void,
  handled: (error: unknown) => boolean = () => false,
) {
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [isSaving, setSaving] = useState(false);
  const { formRef, focusFirstInvalidField } = useFocusFirstInvalid();

  async function submit() {
    if (isSaving) return;
    setFailure(null);
    if (!form.validate()) {
      focusFirstInvalidField();
      return;
    }
    setSaving(true);
    try {
      const item = await save(form.body);
      setSaving(false);
      onSaved(item);
    } catch (error) {
      setSaving(false);
      if (handled(error)) return;
      const read = readSaveFailure(error, fallbackMessage);
      if (read.fields.length > 0) {
        form.applyServerErrors(read.fields);
        focusFirstInvalidField();
      }
      setFailure(read.failure);
    }
  }

  return { failure, isSaving, formRef, submit, clearFailure: () => setFailure(null) };
}
