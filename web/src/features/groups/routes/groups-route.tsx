import { Button } from '@carbon/react';
import { Add, Group } from '@carbon/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasPermission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { isListLoading, ListResults } from '../../../components/list-results';
import { ListToolbar } from '../../../components/list-toolbar';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useGroups } from '../api/get-groups';
import { GroupFormModal } from '../components/group-form-modal';
import { GroupsTable } from '../components/groups-table';
import { paths } from '../../../lib/paths';
import { sectionTrail } from '../../../app/breadcrumbs';

/** Groups (/groups): named sets of team members that cases are assigned to. */
export function GroupsRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useListState({});
  const [creating, setCreating] = useState(false);
  const query = useGroups(list.params);
  const canCreate = hasPermission(user?.permissions, 'group.create');
  const hasSearch = list.hasFilters;

  return (
    <PageLayout
      breadcrumbs={sectionTrail('groups')}
      title="Groups"
      description="Teams of members. A case assigned to a group is visible to its members and to administrators."
      actions={
        canCreate && (
          <Button renderIcon={Add} onClick={() => setCreating(true)}>
            New group
          </Button>
        )
      }
    >
      <ListToolbar searchLabel="Search groups" searchPlaceholder="Search by name..." {...list.toolbar} />
      <ListResults
        query={query}
        errorTitle="Failed to load groups"
        hasFilters={list.hasFilters}
        pagination={list.pagination}
      >
        <GroupsTable
          groups={query.data?.data ?? []}
          loading={isListLoading(query)}
          emptyState={
            <EmptyState
              icon={Group}
              title={hasSearch ? 'No groups match' : 'No groups yet'}
              description={
                hasSearch
                  ? 'Try another name.'
                  : 'Create a group to share cases with the team members who work on them.'
              }
              action={
                !hasSearch &&
                canCreate && (
                  <Button renderIcon={Add} onClick={() => setCreating(true)}>
                    Create your first group
                  </Button>
                )
              }
            />
          }
        />
      </ListResults>
      {creating && (
        <GroupFormModal
          onClose={() => setCreating(false)}
          onSaved={(group) => void navigate(paths.groupDetail(group.id))}
        />
      )}
    </PageLayout>
  );
}
