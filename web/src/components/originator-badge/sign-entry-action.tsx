import { Button, InlineLoading, Stack } from '@carbon/react';
import { FingerprintRecognition } from '@carbon/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isAnsweredByClient } from '../../lib/api-error';
import { passkeyErrorMessage } from '../../lib/passkeys';
import { page } from '../../lib/reload-page';
import { FormErrorNotice } from '../form-modal';
import { showToastAfterReload } from '../toasts/toast-after-reload';

export const SIGN_FAILED = 'Failed to sign the journal entry';

const SIGN_EXPLANATION =
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
  // A failure the API client answered (a 403's "Access Denied" toast) is not said twice.
  const message = error && !isAnsweredByClient(error) ? passkeyErrorMessage(error, SIGN_FAILED) : null;
  return { isSigning: state.status === 'signing', message, run };
}

/**
 * Why signing failed, above what signing does, a Stack's gap apart (the message sat on the text). As a
 * dialog's failed save does (FormErrorNotice), the message takes focus when the prompt left it on <body>.
 */
export function SignFailureAndExplanation({
  message,
  className,
}: {
  message: string | null;
  className?: string;
}) {
  return (
    <Stack gap={5}>
      {message && <FormErrorNotice title="Not signed" message={message} />}
      <p className={className}>{SIGN_EXPLANATION}</p>
    </Stack>
  );
}

/** "Sign entry" in the originator details of an unsigned entry, for its originator. */
export function SignEntryAction({ sign }: { sign: () => Promise<unknown> }) {
  const { isSigning, message, run } = useSignEntry(sign);
  const sectionRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasSigning = useRef(false);
  // The button gives way to the progress while the prompt runs, and focus leaves it (the dialog around
  // then puts it on its Close). A failed or cancelled prompt brings it back: to the message, as a
  // dialog's failed save does, or to the button when there is none (a 403 has its toast). A success
  // reloads the page.
  useEffect(() => {
    const ended = wasSigning.current && !isSigning;
    wasSigning.current = isSigning;
    if (!ended) return;
    const notice = sectionRef.current?.querySelector<HTMLElement>('.form-modal__error');
    (notice ?? buttonRef.current)?.focus();
  }, [isSigning]);
  return (
    <div ref={sectionRef} className="originator-details__sign">
      <SignFailureAndExplanation message={message} className="originator-details__text" />
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
