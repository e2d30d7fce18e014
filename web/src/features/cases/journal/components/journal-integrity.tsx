import { Button, InlineLoading, InlineNotification, Tag } from '@carbon/react';
import { CheckmarkFilled, Security } from '@carbon/icons-react';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import type { JournalIntegrity, VerifyCaseResponse } from '@scamtrail/domain/signatures';
import { failureMessage } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { useJournalIntegrity } from '../api/journal-integrity';
import { useVerifyCaseSignatures } from '../api/journal-verify-case';

/** "Journal integrity broken at event #4: the entry's hash does not match its content". */
export function integrityBreakText(integrity: JournalIntegrity): string {
  const seq = integrity.firstBreak?.seq;
  const where = seq === null || seq === undefined ? '' : ` at event #${seq}`;
  return `Journal integrity broken${where}: ${integrity.firstBreak?.reason ?? 'the chain does not match'}`;
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function IntegrityState({ caseId }: { caseId: string }) {
  const query = useJournalIntegrity(caseId);
  if (query.isPending) return <InlineLoading description="Checking the journal's integrity..." />;
  if (query.isError) {
    return <p className="journal-integrity__note">The journal’s integrity could not be checked.</p>;
  }
  const integrity = query.data;
  // A long journal is checked from its last checkpoint; the whole chain is verified every few minutes.
  const fullyVerified = integrity.fullyVerifiedAt && (
    <p className="journal-integrity__note">
      Whole journal last fully verified {formatDateTime(integrity.fullyVerifiedAt)}
    </p>
  );
  if (integrity.intact) {
    return (
      <>
        <Tag type="green" renderIcon={CheckmarkFilled} className="journal-integrity__tag">
          Journal intact ({plural(integrity.entries, 'event')})
        </Tag>
        {fullyVerified}
      </>
    );
  }
  return (
    <>
      <InlineNotification
        kind="error"
        lowContrast
        hideCloseButton
        role="alert"
        title={integrityBreakText(integrity)}
        subtitle="An entry was changed, removed or added outside Scamtrail."
        className="journal-integrity__break"
      />
      {fullyVerified}
    </>
  );
}

function entryLabel(id: string, entries: JournalEntry[]): string {
  const entry = entries.find((item) => item.id === id);
  if (!entry) return `Entry ${id.slice(0, 8)}`;
  const type = JOURNAL_ENTRY_TYPE_LABELS[entry.type] ?? entry.type;
  return `${type} entry of ${formatDateTime(entry.performedAt)}`;
}

function VerificationSummary({ result, entries }: { result: VerifyCaseResponse; entries: JournalEntry[] }) {
  const { total, valid, invalid, unsigned } = result.summary;
  const invalidResults = result.results.filter((item) => !item.valid);
  const counts = `${plural(total, 'entry', 'entries')}: ${valid} valid, ${invalid} invalid, ${unsigned} unsigned.`;
  // Nothing signed is nothing verified: not a green "verified" over a journal no one has signed.
  const noneSigned = valid === 0 && invalid === 0;
  return (
    <div className="journal-integrity__summary" role="status">
      <InlineNotification
        kind={invalid > 0 ? 'error' : noneSigned ? 'info' : 'success'}
        lowContrast
        hideCloseButton
        title={
          invalid > 0
            ? `${plural(invalid, 'signature')} invalid`
            : noneSigned
              ? 'No signed entries'
              : 'Signatures verified'
        }
        subtitle={noneSigned ? `${counts} An entry's author can sign it from its menu.` : counts}
      />
      {invalidResults.length > 0 && (
        <ul className="journal-integrity__invalid" aria-label="Invalid signatures">
          {invalidResults.map((item) => (
            <li key={item.journalEntryId}>
              <strong>{entryLabel(item.journalEntryId, entries)}</strong>:{' '}
              {item.info.invalidReason || 'the signature does not match the entry'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface JournalIntegrityBarProps {
  caseId: string;
  /** The entries on screen, to name the ones whose signature is invalid. */
  entries: JournalEntry[];
}

/**
 * The journal's tamper evidence, above the timeline: whether its hash chain is intact, and "Verify
 * signatures", which checks every signed entry of the case and lists those that no longer match.
 */
export function JournalIntegrityBar({ caseId, entries }: JournalIntegrityBarProps) {
  const verify = useVerifyCaseSignatures();
  const failure = failureMessage(verify.error, 'Failed to verify the signatures');
  return (
    <section className="journal-integrity" aria-label="Journal integrity">
      <div className="journal-integrity__bar">
        <IntegrityState caseId={caseId} />
        <Button
          kind="tertiary"
          size="sm"
          renderIcon={Security}
          // Read-only while it runs, not disabled: a disabled button drops focus to <body>.
          aria-disabled={verify.isPending}
          onClick={() => {
            if (!verify.isPending) verify.mutate(caseId);
          }}
        >
          {verify.isPending ? 'Verifying...' : 'Verify signatures'}
        </Button>
      </div>
      {failure && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Not verified"
          subtitle={failure}
        />
      )}
      {verify.data && !verify.isPending && <VerificationSummary result={verify.data} entries={entries} />}
    </section>
  );
}
