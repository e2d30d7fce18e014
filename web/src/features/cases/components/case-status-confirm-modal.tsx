import { CASE_RESOLUTION_LABELS, type Case } from '@scamtrail/domain/cases';
import { AppModal } from '../../../components/app-modal';

interface CaseStatusConfirmModalProps {
  caseItem: Case;
  /** Archiving freezes the case; reopening clears its resolution and closure notes. */
  to: 'archived' | 'open';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What a move costs, in words. */
function consequence(caseItem: Case, to: 'archived' | 'open'): string {
  if (to === 'archived') {
    return 'An archived case is read-only: it takes no new journal entries, evidence or edits until it is reopened.';
  }
  const resolution = caseItem.resolution ? CASE_RESOLUTION_LABELS[caseItem.resolution] : null;
  return resolution
    ? `The case goes back to Open, and its resolution (${resolution}) and closure notes are cleared. The case’s history keeps what they were.`
    : 'The case goes back to Open and takes journal entries, evidence and edits again.';
}

/** Archiving and reopening change what a case is, so they are confirmed first, saying what happens. */
export function CaseStatusConfirmModal({
  caseItem,
  to,
  busy,
  onConfirm,
  onClose,
}: CaseStatusConfirmModalProps) {
  const verb = to === 'archived' ? 'Archive' : 'Reopen';
  return (
    <AppModal
      open
      size="sm"
      title={`${verb} case #${caseItem.number}?`}
      primaryButtonText={verb}
      loading={busy}
      loadingDescription={to === 'archived' ? 'Archiving...' : 'Reopening...'}
      onSubmit={onConfirm}
      onClose={onClose}
    >
      <p>{consequence(caseItem, to)}</p>
    </AppModal>
  );
}
