import { Button, InlineLoading, InlineNotification } from '@carbon/react';
import { FingerprintRecognition } from '@carbon/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isAccessDenied } from '../../lib/api-error';
import { passkeyErrorMessage } from '../../lib/passkeys';
import { page } from '../../lib/reload-page';
import { showToastAfterReload } from '../toasts/toast-after-reload';

export const SIGN_FAILED = 'Failed to sign the journal entry';

export const SIGN_EXPLANATION =
  'Sign it with your passkey: anyone can then check that you wrote it and that it has not changed. Once signed, the entry can no longer be edited.';

/**
 * Signing an entry: `sign` runs begin, the passkey prompt and complete; then the page reloads, as spec
 * 4 says, so everything on it shows the signed entry, and says so once it is back.
 */
export function useSignEntry(sign: () => Promise<unknown>) {
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
    showToastAfterReload({
      kind: 'success',
      title: 'Entry signed',
      subtitle: 'Your passkey signed the entry.',
    });
    page.reload();
  }

  const error = state.status === 'failed' ? state.error : null;
  // A 403 already has its "Access Denied" toast.
  const message = error && !isAccessDenied(error) ? passkeyErrorMessage(error, SIGN_FAILED) : null;
  return { isSigning: state.status === 'signing', message, run };
}

/** Why signing failed, above what signing does. */
export function SignFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <InlineNotification kind="error" lowContrast hideCloseButton title="Not signed" subtitle={message} />
  );
}

/** "Sign entry" in the originator details of an unsigned entry, for its originator. */
export function SignEntryAction({ sign }: { sign: () => Promise<unknown> }) {
  const { isSigning, message, run } = useSignEntry(sign);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasSigning = useRef(false);
  // The button gives way to the progress while the prompt runs, and focus falls to <body>: a failed or
  // cancelled prompt brings it back to the button, under the message (a success reloads the page).
  useEffect(() => {
    if (wasSigning.current && !isSigning) buttonRef.current?.focus();
    wasSigning.current = isSigning;
  }, [isSigning]);
  return (
    <div className="originator-details__sign">
      <SignFailure message={message} />
      <p className="originator-details__text">{SIGN_EXPLANATION}</p>
      {isSigning ? (
        <InlineLoading description="Waiting for your passkey..." />
      ) : (
        <Button ref={buttonRef} size="md" renderIcon={FingerprintRecognition} onClick={() => void run()}>
          Sign entry
        </Button>
      )}
    </div>
  );
}
