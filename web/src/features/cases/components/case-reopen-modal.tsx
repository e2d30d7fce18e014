import { CASE_RESOLUTION_LABELS, type Case } from '@scamtrail/domain/cases';
import { AppModal } from '../../../components/app-modal';

interface CaseReopenModalProps {
  caseItem: Case;
  reopening: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Reopening clears the case's resolution and closure notes, so it is confirmed first, saying what goes. */
export function CaseReopenModal({ caseItem, reopening, onConfirm, onClose }: CaseReopenModalProps) {
  const resolution = caseItem.resolution ? CASE_RESOLUTION_LABELS[caseItem.resolution] : null;
  return (
    <AppModal
      open
      size="sm"
      title={`Reopen case #${caseItem.number}?`}
      primaryButtonText="Reopen"
      loading={reopening}
      loadingDescription="Reopening..."
      onSubmit={onConfirm}
      onClose={onClose}
    >
      <p>
        {resolution
          ? `The case goes back to Open, and its resolution (${resolution}) and closure notes are cleared.`
          : 'The case goes back to Open and takes journal entries, evidence and edits again.'}{' '}
        The case&rsquo;s history keeps what they were.
      </p>
    </AppModal>
  );
}
