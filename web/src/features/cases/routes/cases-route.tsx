import { Button } from '@carbon/react';
import { Add } from '@carbon/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Case } from '@scamtrail/domain/cases';
import { hasPermission } from '@scamtrail/domain/permissions';
import { ListPagination } from '../../../components/list-pagination';
import { isListLoading } from '../../../components/list-results';
import { PageLayout } from '../../../components/page-layout';
import { RemovedFiltersNotice } from '../../../components/removed-filters-notice';
import { useSession } from '../../../lib/session';
import { useCases } from '../api/get-cases';
import { CasesEmptyState } from '../components/cases-empty-state';
import { LazyCaseFormModal, preloadCaseDialogs } from '../components/cases-lazy-dialogs';
import { useCasesListState } from '../components/cases-list-state';
import { CasesTable } from '../components/cases-table';
import { CasesToolbar } from '../components/cases-toolbar';
import { CasesBatchActions } from '../components/cases-batch-actions';
import { useShowLastPage } from '../../../lib/use-show-last-page';
import { paths } from '../../../lib/paths';
import { sectionTrail } from '../../../app/breadcrumbs';
import '../components/cases.scss';

type Dialog = { kind: 'create' } | { kind: 'edit'; item: Case };

/** Cases (/cases): the cases the user may see, searched, filtered and sorted, with the case dialog. */
export function CasesRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useCasesListState();
  const { params, update } = list;
  const query = useCases(params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [chosenIds, setChosenIds] = useState<string[]>([]);
  const can = (permission: string) => hasPermission(user?.permissions, permission);
  const canCreate = can('case.create');
  const items = query.isError ? [] : (query.data?.data ?? []);
  // Only the cases on screen stay chosen: another page, filter or search leaves the others out.
  const selectedIds = chosenIds.filter((id) => items.some((item) => item.id === id));

  // A page past the end (an old link, the last case of the last page filtered away) shows the last page.
  useShowLastPage(
    params.page,
    query.isPlaceholderData ? undefined : query.data?.pagination.totalPages,
    update,
  );

  // Once the list is on screen, fetch the dialog's code so that opening it does not wait.
  const isListShown = !query.isPending;
  useEffect(() => {
    if (isListShown && canCreate) preloadCaseDialogs();
  }, [isListShown, canCreate]);

  const create = () => setDialog({ kind: 'create' });
  const actionsFor = (item: Case) => [
    { label: 'Open case', onClick: () => void navigate(paths.caseDetail(item.id)) },
    // An archived case is read-only until it is reopened (on its page).
    ...(can('case.edit') && item.status !== 'archived'
      ? [{ label: 'Edit', onClick: () => setDialog({ kind: 'edit', item }) }]
      : []),
  ];

  return (
    <PageLayout
      breadcrumbs={sectionTrail('cases')}
      title="Cases"
      description="Open and track fraud investigations with their journal entries, evidence and identifiers."
      actions={
        canCreate && (
          <Button renderIcon={Add} onClick={create}>
            New case
          </Button>
        )
      }
    >
      <CasesToolbar
        params={params}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        update={update}
        hasFilters={list.hasFilters}
        onClearFilters={list.clearFilters}
        meId={user?.id}
        knownUsers={items.flatMap((item) => item.assignees)}
      />
      <RemovedFiltersNotice removed={list.removedFilters} onClose={list.dismissRemovedFilters} />
      <CasesTable
        items={items}
        // An empty page kept on screen while another search or filter loads says nothing of it.
        isLoading={isListLoading(query)}
        pageSize={params.pageSize}
        sort={params}
        onSort={update}
        actionsFor={actionsFor}
        selection={
          can('case.edit')
            ? {
                selectedIds,
                onChange: setChosenIds,
                actions: (
                  <CasesBatchActions
                    selectedIds={selectedIds}
                    meId={user?.id}
                    onClear={() => setChosenIds([])}
                  />
                ),
              }
            : undefined
        }
        emptyState={
          <CasesEmptyState
            hasFilters={list.hasFilters}
            search={params.search}
            error={query.isError ? query.error : null}
            canCreate={canCreate}
            onCreate={create}
            onClearFilters={list.clearFilters}
            onRetry={() => void query.refetch()}
          />
        }
        pagination={
          !query.isError && (
            <ListPagination
              page={params.page}
              pageSize={params.pageSize}
              totalItems={query.data?.pagination.totalItems ?? 0}
              onChange={(page, pageSize) => update({ page, pageSize })}
            />
          )
        }
      />
      <Suspense fallback={null}>
        {dialog && (
          <LazyCaseFormModal
            open
            initial={dialog.kind === 'edit' ? dialog.item : undefined}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </PageLayout>
  );
}
