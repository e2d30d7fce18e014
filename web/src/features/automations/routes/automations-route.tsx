import { Button } from '@carbon/react';
import { Add, Bot } from '@carbon/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasPermission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { isListLoading, ListResults } from '../../../components/list-results';
import { FilterDropdown, ListToolbar } from '../../../components/list-toolbar';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useAutomations, type AutomationListParams } from '../api/get-automations';
import { AutomationFormModal } from '../components/automation-form-modal';
import { AutomationsTable } from '../components/automations-table';
import { paths } from '../../../lib/paths';
import { sectionTrail } from '../../../app/breadcrumbs';

const STATUS_OPTIONS = [
  { value: '', text: 'All statuses' },
  { value: 'active', text: 'Active' },
  { value: 'inactive', text: 'Inactive' },
] as const;

/** Automations (/automations): the systems that act through API keys. */
export function AutomationsRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useListState(
    { status: '' as AutomationListParams['status'] },
    { status: STATUS_OPTIONS.map((option) => option.value) },
  );
  const [creating, setCreating] = useState(false);
  const query = useAutomations(list.params);
  const canCreate = hasPermission(user?.permissions, 'automation.create');
  const { hasFilters } = list;

  const createButton = canCreate && (
    <Button renderIcon={Add} onClick={() => setCreating(true)}>
      New automation
    </Button>
  );

  return (
    <PageLayout
      breadcrumbs={sectionTrail('automations')}
      title="Automations"
      description="Systems that record data through API keys. What they record is originated by the automation."
      actions={createButton}
    >
      <ListToolbar
        searchLabel="Search automations"
        searchPlaceholder="Search by system name..."
        {...list.toolbar}
      >
        <FilterDropdown
          id="automations-status"
          label="Status"
          labelInValue="when-chosen"
          value={list.filters.status}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListToolbar>
      <ListResults
        query={query}
        errorTitle="Failed to load automations"
        hasFilters={list.hasFilters}
        pagination={list.pagination}
      >
        <AutomationsTable
          automations={query.data?.data ?? []}
          loading={isListLoading(query)}
          emptyState={
            <EmptyState
              icon={Bot}
              title={hasFilters ? 'No automations match' : 'No automations yet'}
              description={
                hasFilters
                  ? 'Try another name or status, or clear the filters.'
                  : 'Create an automation, then give it an API key so a system can record data as it.'
              }
              action={
                hasFilters ? (
                  <Button kind="tertiary" onClick={list.toolbar.onClearFilters}>
                    Clear filters
                  </Button>
                ) : (
                  canCreate && (
                    <Button renderIcon={Add} onClick={() => setCreating(true)}>
                      Create your first automation
                    </Button>
                  )
                )
              }
            />
          }
        />
      </ListResults>
      {creating && (
        <AutomationFormModal
          onClose={() => setCreating(false)}
          onSaved={(automation) => void navigate(paths.automationDetail(automation.id))}
        />
      )}
    </PageLayout>
  );
}
