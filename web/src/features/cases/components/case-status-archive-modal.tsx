import type { Case } from '@scamtrail/domain/cases';
import { AppModal } from '../../../components/app-modal';

interface CaseStatusArchiveModalProps {
  caseItem: Case;
  archiving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Archiving freezes the case, so it is confirmed first. */
export function CaseStatusArchiveModal({
  caseItem,
  archiving,
  onConfirm,
  onClose,
}: CaseStatusArchiveModalProps) {
  return (
    <AppModal
      open
      size="sm"
      title={`Archive case #${caseItem.number}?`}
      primaryButtonText="Archive"
      loading={archiving}
      loadingDescription="Archiving..."
      onSubmit={onConfirm}
      onClose={onClose}
    >
      <p>
        An archived case is read-only: it takes no new journal entries, evidence or edits until it is
        reopened.
      </p>
    </AppModal>
  );
}
