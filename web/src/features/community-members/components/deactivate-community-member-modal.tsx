import type { Originator } from '@scamtrail/domain/originators';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { useUpdateCommunityMember } from '../api/update-community-member';

interface DeactivateCommunityMemberModalProps {
  member: Pick<Originator, 'id' | 'name'>;
  onClose: () => void;
}

/** Confirms deactivating a community member, as disabling a team member is confirmed. */
export function DeactivateCommunityMemberModal({ member, onClose }: DeactivateCommunityMemberModalProps) {
  const mutation = useUpdateCommunityMember();
  const { showToast } = useToast();
  return (
    <ConfirmModal
      title={`Deactivate ${member.name}?`}
      primaryButtonText="Deactivate"
      busy={mutation.isPending}
      failure={failureMessage(mutation.error, 'Failed to deactivate the community member')}
      failureTitle="Not changed"
      onConfirm={() =>
        mutation.mutate(
          { id: member.id, body: { active: false } },
          {
            onSuccess: (saved) => {
              showToast({ kind: 'success', title: 'Community member deactivated', subtitle: saved.name });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <p>
        They are no longer offered under Reported by until reactivated. The records they reported keep them as
        originator.
      </p>
    </ConfirmModal>
  );
}
