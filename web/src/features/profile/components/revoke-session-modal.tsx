import type { Session } from '@scamtrail/domain/passkeys';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useRevokeSession } from '../api/revoke-session';

/** Confirms signing a device out. This device's own session signs the user out here (to sign-in). */
export function RevokeSessionModal({ session, onClose }: { session: Session; onClose: () => void }) {
  const revoke = useRevokeSession();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={session.current ? 'Sign out this device?' : `Revoke the session on ${session.device}?`}
      primaryButtonText={session.current ? 'Sign out' : 'Revoke'}
      busy={revoke.isPending}
      loadingDescription="Revoking..."
      failure={failureMessage(revoke.error, 'Failed to revoke the session')}
      failureTitle="Not revoked"
      onConfirm={() =>
        revoke.mutate(session, {
          onSuccess: () => {
            if (session.current) return;
            showToast({ kind: 'success', title: 'Session revoked', subtitle: session.device });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        {session.current
          ? 'This is the session you are using now: you will be signed out and taken to sign in.'
          : 'That device is signed out at once and has to sign in again. API keys made with its sign-in (by a command-line tool) stop working with it.'}
      </p>
    </ConfirmModal>
  );
}
