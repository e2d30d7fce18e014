import { Button, InlineLoading, InlineNotification } from '@carbon/react';
import { FingerprintRecognition } from '@carbon/icons-react';
import { useState } from 'react';
import { isAccessDenied } from '../../lib/api-error';
import { passkeyErrorMessage } from '../../lib/passkeys';
import { page } from '../../lib/reload-page';

export const SIGN_FAILED = 'Failed to sign the journal entry';

/**
 * "Sign entry" for the originator of an unsigned entry: `sign` runs begin, the passkey prompt and
 * complete; then the page reloads, as spec 4 says, so everything on it shows the signed entry.
 */
export function SignEntryAction({ sign }: { sign: () => Promise<unknown> }) {
  const [state, setState] = useState<{ status: 'idle' | 'signing' } | { status: 'failed'; error: unknown }>({
    status: 'idle',
  });

  async function run() {
    setState({ status: 'signing' });
    try {
      await sign();
    } catch (error) {
      setState({ status: 'failed', error });
      return;
    }
    page.reload();
  }

  const error = state.status === 'failed' ? state.error : null;
  // A 403 already has its "Access Denied" toast.
  const message = error && !isAccessDenied(error) ? passkeyErrorMessage(error, SIGN_FAILED) : null;
  return (
    <div className="originator-details__sign">
      {message && (
        <InlineNotification kind="error" lowContrast hideCloseButton title="Not signed" subtitle={message} />
      )}
      <p className="originator-details__text">
        Sign it with your passkey: anyone can then check that you wrote it and that it has not changed. Once
        signed, the entry can no longer be edited.
      </p>
      {state.status === 'signing' ? (
        <InlineLoading description="Waiting for your passkey..." />
      ) : (
        <Button size="md" renderIcon={FingerprintRecognition} onClick={() => void run()}>
          Sign entry
        </Button>
      )}
    </div>
  );
}
