import { useState } from 'react';
import type { IdentifierInputBody, IdentifierItem } from '../api/identifier-types';
import { readSaveFailure, type SubmitFailure } from '../utils/save-failure';
import type { IdentifierFormState } from './use-identifier-form';

/**
 * Submitting the identifier form: check it (messages and summary stay in the form), send it once,
 * and show what the server refused. `onSaved` runs with the saved identifier.
 */
export function useIdentifierSubmit(
  form: IdentifierFormState,
  save: (body: IdentifierInputBody) => Promise<IdentifierItem>,
  fallbackMessage: string,
  onSaved: (item: IdentifierItem) => void,
) {
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function submit() {
    if (isSaving) return;
    setFailure(null);
    if (!form.validate()) return;
    setSaving(true);
    try {
      const item = await save(form.body);
      setSaving(false);
      onSaved(item);
    } catch (error) {
      setSaving(false);
      const read = readSaveFailure(error, fallbackMessage);
      if (read.fields.length > 0) form.applyServerErrors(read.fields);
      setFailure(read.failure);
    }
  }

  return { failure, isSaving, submit, clearFailure: () => setFailure(null) };
}
