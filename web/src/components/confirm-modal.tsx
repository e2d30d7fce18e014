import { Stack } from '@carbon/react';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal';
import { FormErrorNotice } from './form-modal';

interface ConfirmModalProps {
  /** The question: "Revoke API key “ci”?". */
  title: string;
  /** Small text above the title: what the thing belongs to. */
  label?: string;
  /** Off for an action that takes nothing away (Enable): its dialog focuses the action, not Cancel. */
  danger?: boolean;
  primaryButtonText: string;
  /** While the action runs: its button shows progress and the dialog stays open. */
  busy: boolean;
  /** The action cannot succeed now (the server said why, in `failure`). */
  actionDisabled?: boolean;
  loadingDescription?: string;
  /** Why the last attempt failed, shown above the explanation; null when it did not. */
  failure: string | null;
  /** The failure's title: "Not revoked". */
  failureTitle: string;
  onConfirm: () => void;
  onClose: () => void;
  /** What the action does, in a sentence or two. */
  children: ReactNode;
}

/**
 * A destructive action's confirmation (delete, revoke, deactivate): a small danger dialog whose focus
 * starts on Cancel, the action's failure above its explanation (focused when focus was lost meanwhile),
 * and the dialog kept open while it runs.
 */
export function ConfirmModal({
  title,
  label,
  danger = true,
  primaryButtonText,
  busy,
  actionDisabled,
  loadingDescription,
  failure,
  failureTitle,
  onConfirm,
  onClose,
  children,
}: ConfirmModalProps) {
  return (
    <AppModal
      open
      size="sm"
      danger={danger}
      title={title}
      label={label}
      primaryButtonText={primaryButtonText}
      primaryButtonDisabled={actionDisabled}
      loading={busy}
      loadingDescription={loadingDescription}
      onSubmit={onConfirm}
      onClose={onClose}
    >
      <Stack gap={5}>
        {/* The action's button, disabled while it ran (and still, when it cannot succeed), let go of focus. */}
        {failure && <FormErrorNotice title={failureTitle} message={failure} />}
        {children}
      </Stack>
    </AppModal>
  );
}
