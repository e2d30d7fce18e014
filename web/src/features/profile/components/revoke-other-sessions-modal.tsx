import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { pluralise } from '../../../lib/format';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';

/**
 * Confirms signing out of every session but this one, saying how many the list shows. The toast says
 * how many the server signed out (one started meanwhile is signed out too).
 */
export function RevokeOtherSessionsModal({ count, onClose }: { count: number; onClose: () => void }) {
  const revoke = useRevokeOtherSessions();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title="Sign out of all other sessions?"
      primaryButtonText="Sign out others"
      busy={revoke.isPending}
      loadingDescription="Signing out..."
      failure={failureMessage(revoke.error, 'Failed to sign out the other sessions')}
      failureTitle="Not signed out"
      onConfirm={() =>
        revoke.mutate(undefined, {
          onSuccess: ({ revoked }) => {
            showToast({
              kind: 'success',
              title: 'Other sessions signed out',
              subtitle:
                revoked === 0
                  ? 'No other session was still signed in.'
                  : `${pluralise(revoked, 'session')} signed out. You are still signed in here.`,
            });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>
        This signs out {pluralise(count, 'other session')} at once, on every device but this one (command-line
        sign-ins too, with the API keys made with them): each must sign in again. You stay signed in here.
      </p>
    </ConfirmModal>
  );
}
