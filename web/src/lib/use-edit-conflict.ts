import { useState } from 'react';
import { editConflictOf } from './edit-conflicts';

/**
 * The version an edit dialog edits, and the one someone else saved meanwhile once a save was refused
 * for it (412). `base` is what the If-Match of the next save comes from: the record the dialog opened
 * on, then the current one once the user reloaded onto it.
 */
export function useEditConflict<T extends { updatedAt: string }>(opened: T | undefined) {
  const [base, setBase] = useState(opened);
  const [conflict, setConflict] = useState<T | null>(null);
  return {
    base,
    conflict,
    /**
     * The record as it is now when `error` is a conflict, which is then shown; undefined for any other
     * error, for the caller to throw.
     */
    caught(error: unknown): T | undefined {
      const current = editConflictOf<T>(error);
      if (current) setConflict(current);
      return current;
    },
    /**
     * Moves the edit onto the current version: `rebase` moves the form's values from the version they
     * were made from onto the current one, and the next save is made from the current one.
     */
    reload(rebase: (from: T, to: T) => void) {
      if (!base || !conflict) return;
      rebase(base, conflict);
      setBase(conflict);
      setConflict(null);
    },
  };
}
