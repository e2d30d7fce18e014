import { Button, CodeSnippet, InlineNotification } from '@carbon/react';
import { Security } from '@carbon/icons-react';
import { failureMessage } from '../../../lib/api-error';
import { useVerifyEvidence } from '../api/verify-evidence';
import '../../../styles/carbon/code-snippet.scss';

interface EvidenceIntegrityProps {
  evidenceId: string;
  sha256: string;
}

/** The SHA-256 recorded at upload, copyable, and a check of the stored bytes against it. */
export function EvidenceIntegrity({ evidenceId, sha256 }: EvidenceIntegrityProps) {
  const verify = useVerifyEvidence(evidenceId);
  const result = verify.data;
  const verifyFailure = failureMessage(verify.error, 'Please try again');
  return (
    <div className="evidence-integrity">
      <div className="evidence-integrity__hash">
        <span className="cds--label" aria-hidden>
          SHA-256
        </span>
        <CodeSnippet
          type="single"
          feedback="Copied"
          copyButtonDescription="Copy the SHA-256"
          aria-label="SHA-256"
        >
          {sha256}
        </CodeSnippet>
      </div>
      <div>
        <Button
          kind="tertiary"
          size="md"
          renderIcon={Security}
          // Read-only while it runs, not disabled: a disabled button drops focus to <body>.
          aria-disabled={verify.isPending}
          onClick={() => {
            if (!verify.isPending) verify.mutate();
          }}
        >
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </div>
      {result &&
        (result.matches ? (
          <InlineNotification
            kind="success"
            lowContrast
            hideCloseButton
            title="Hash matches"
            subtitle="The stored bytes hash to the SHA-256 recorded when they were added."
          />
        ) : (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Hash does NOT match"
            subtitle={
              result.sha256
                ? `The stored bytes now hash to ${result.sha256}.`
                : 'The stored bytes are missing.'
            }
          />
        ))}
      {verifyFailure && (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title="Could not verify"
          subtitle={verifyFailure}
        />
      )}
    </div>
  );
}
