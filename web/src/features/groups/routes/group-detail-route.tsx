import { Button, InlineNotification } from '@carbon/react';
import { Edit, Group, TrashCan } from '@carbon/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { canManageGroup, type GroupMember } from '@scamtrail/domain/groups';
import { hasPermission } from '@scamtrail/domain/permissions';
import { DescriptionList } from '../../../components/description-list';
import { DetailQueryState } from '../../../components/detail-query-state';
import { PageLayout } from '../../../components/page-layout';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useGroup } from '../api/get-group';
import { DeleteGroupModal } from '../components/delete-group-modal';
import { GroupCasesLink } from '../components/group-cases-link';
import { GroupFormModal } from '../components/group-form-modal';
import { GroupMembersTable } from '../components/group-members-table';
import { RemoveMemberModal } from '../components/remove-member-modal';
import { paths } from '../../../lib/paths';
import { listTrail } from '../../../app/breadcrumbs';

type Dialog = { kind: 'edit' } | { kind: 'delete' } | { kind: 'remove'; member: GroupMember };

const BREADCRUMBS = listTrail('groups');

/** Group Detail (/groups/{id}): the group, its members, edit and delete. */
export function GroupDetailRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const query = useGroup(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  if (!query.isSuccess) {
    return (
      <DetailQueryState
        query={query}
        breadcrumbs={BREADCRUMBS}
        title="Group"
        icon={Group}
        noun="group"
        notFoundDescription="It may have been deleted, or the link is wrong."
        back={{ to: paths.groups(), label: 'Back to groups' }}
      />
    );
  }

  const group = query.data;
  const manages = canManageGroup(user, group.members);
  const canEdit = manages && hasPermission(user?.permissions, 'group.edit');
  const canDelete = manages && hasPermission(user?.permissions, 'group.delete');
  const outsider = !manages && hasPermission(user?.permissions, 'group.edit');
  // A member's page is an administrator's route, and its read needs team_member.view on the server.
  const opensMembers = user?.role === 'admin' && hasPermission(user.permissions, 'team_member.view');
  return (
    <PageLayout
      breadcrumbs={BREADCRUMBS}
      title={group.name}
      description={group.description || undefined}
      actions={
        <>
          {canEdit && (
            <Button kind="tertiary" renderIcon={Edit} onClick={() => setDialog({ kind: 'edit' })}>
              Edit group
            </Button>
          )}
          {canDelete && (
            <Button
              kind="danger--tertiary"
              renderIcon={TrashCan}
              onClick={() => setDialog({ kind: 'delete' })}
            >
              Delete group
            </Button>
          )}
        </>
      }
    >
      {outsider && (
        <InlineNotification
          kind="info"
          lowContrast
          hideCloseButton
          title="You are not a member of this group."
          subtitle="Only its members and administrators can change it, as membership decides who sees its cases."
        />
      )}
      <section className="page-section" aria-labelledby="group-details">
        <h2 id="group-details" className="page-section__title">
          Details
        </h2>
        <DescriptionList
          items={[
            { label: 'Members', value: group.memberCount },
            { label: 'Cases assigned', value: <GroupCasesLink group={group} /> },
            { label: 'Created', value: formatDateTime(group.createdAt) },
            { label: 'Last updated', value: formatDateTime(group.updatedAt) },
          ]}
        />
      </section>
      <section className="page-section" aria-label="Members">
        <GroupMembersTable
          members={group.members}
          linkMembers={opensMembers}
          onRemove={canEdit ? (member) => setDialog({ kind: 'remove', member }) : undefined}
        />
      </section>
      {dialog?.kind === 'edit' && <GroupFormModal group={group} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteGroupModal
          group={group}
          onClose={close}
          onDeleted={() => void navigate(paths.groups(), { replace: true })}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveMemberModal group={group} member={dialog.member} onClose={close} />
      )}
    </PageLayout>
  );
}
