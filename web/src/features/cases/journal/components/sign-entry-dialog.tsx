import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { AppModal } from '../../../../components/app-modal';
import {
  SignFailureAndExplanation,
  useSignEntry,
} from '../../../../components/originator-badge/sign-entry-action';
import { formatDateTime } from '../../../../lib/format';
import { signJournalEntry } from '../api/journal-sign-entry';

/** "Sign entry" from an entry's menu: what signing means, then the passkey prompt (spec 4). */
export function SignEntryDialog({ entry, onClose }: { entry: JournalEntry; onClose: () => void }) {
  const { isSigning, message, run } = useSignEntry(() => signJournalEntry(entry.id));
  return (
    <AppModal
      open
      size="sm"
      title="Sign entry"
      label={`${JOURNAL_ENTRY_TYPE_LABELS[entry.type]} · ${formatDateTime(entry.performedAt)}`}
      primaryButtonText="Sign with passkey"
      loading={isSigning}
      loadingDescription="Waiting for your passkey..."
      onSubmit={() => void run()}
      onClose={onClose}
    >
      <SignFailureAndExplanation message={message} />
    </AppModal>
  );
}
