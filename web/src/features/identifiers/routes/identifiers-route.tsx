import { lazy, Suspense, useEffect, useState } from 'react';
import { hasPermission } from '@scamtrail/domain/permissions';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useIdentifierMatches } from '../api/get-identifier-matches';
import { useIdentifiers } from '../api/get-identifiers';
import type { IdentifierItem } from '../api/identifier-types';
import { IdentifiersEmptyState } from '../components/identifiers-empty-state';
import { IdentifiersPagination } from '../components/identifiers-pagination';
import { IdentifiersTable } from '../components/identifiers-table';
import { IdentifiersToolbar } from '../components/identifiers-toolbar';
import {
  CreateIdentifierModal,
  DeleteIdentifierModal,
  EditIdentifierModal,
  IdentifierDetailModal,
  ImportIdentifiersModal,
  preloadIdentifierDialogs,
} from '../components/lazy-identifier-dialogs';
import { useIdentifierListState } from '../components/use-identifier-list-state';
import { hasActiveFilters } from '../utils/list-params';
import { useShowLastPage } from '../../../lib/use-show-last-page';
import { sectionTrail } from '../../../app/breadcrumbs';
import { useFailureToast } from '../../../lib/use-failure-toast';
import '../components/identifiers.scss';

// Shown only when a search names an identifier the list missed: its code (and Carbon's Callout) loads then.
const IdentifierMatchesNotice = lazy(() =>
  import('../components/identifier-matches-notice').then((module) => ({
    default: module.IdentifierMatchesNotice,
  })),
);

export const LIST_FAILED_TOAST = {
  kind: 'error',
  title: 'Failed to fetch identifiers',
  subtitle: 'Please try again',
} as const;

type Dialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; identifier: IdentifierItem }
  | { kind: 'delete'; identifier: IdentifierItem };

/** Identifiers (/identifiers, spec 2.3): the searchable list with create, import, detail, edit, delete. */
export function IdentifiersRoute() {
  const { user } = useSession();
  const showFailure = useFailureToast();
  const list = useIdentifierListState();
  const { params } = list;
  const query = useIdentifiers(params);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const can = (permission: string) => hasPermission(user?.permissions, permission);
  const hasFilters = hasActiveFilters(params);
  // Under the list's type filter, as the list and its CSV leave the other types out.
  const matches = useIdentifierMatches(params.search, params.type);

  // A failed load empties the list (spec 4) and says so once per failure.
  const items = query.isError ? [] : (query.data?.data ?? []);
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) showFailure(error, LIST_FAILED_TOAST);
  }, [error, errorUpdatedAt, showFailure]);

  // A page past the end (the last row of the last page was deleted, an old link) shows the last page.
  const { update } = list;
  useShowLastPage(
    params.page,
    query.isPlaceholderData || query.data?.totalIsEstimate ? undefined : query.data?.pagination.totalPages,
    update,
  );

  // Once the list is on screen, fetch the dialogs' code so that opening one does not wait.
  const isListShown = !query.isPending;
  useEffect(() => {
    if (isListShown) preloadIdentifierDialogs();
  }, [isListShown]);

  const openExisting = (id: string) => {
    setDialog(null);
    list.setOpenId(id);
  };
  const fallback = items.find((item) => item.id === list.openId);
  const pagination = query.isError ? undefined : query.data?.pagination;
  // The exact matches the page on screen does not already show, once it has loaded (a failed load
  // shows nothing, spec 4).
  const unlisted =
    query.isPending || query.isError
      ? []
      : (matches.data?.data ?? []).filter((match) => !items.some((item) => item.id === match.id));

  return (
    <PageLayout
      breadcrumbs={sectionTrail('identifiers')}
      title="Identifiers"
      description="Manage and validate identifiers across the system"
    >
      {unlisted.length > 0 && (
        <Suspense fallback={null}>
          <IdentifierMatchesNotice matches={unlisted} detailSearch={list.detailSearch} />
        </Suspense>
      )}
      <IdentifiersTable
        items={items}
        // An empty page kept on screen while another search loads says nothing of that search: not
        // "no match" until it is answered.
        isLoading={query.isPending || (query.isPlaceholderData && items.length === 0)}
        pageSize={params.pageSize}
        detailSearch={list.detailSearch}
        canEdit={can('identifier.edit')}
        canDelete={can('identifier.delete')}
        onView={(item) => list.setOpenId(item.id)}
        onEdit={(identifier) => setDialog({ kind: 'edit', identifier })}
        onDelete={(identifier) => setDialog({ kind: 'delete', identifier })}
        toolbar={
          <IdentifiersToolbar
            searchText={list.searchText}
            onSearchTextChange={list.setSearchText}
            type={params.type}
            onTypeChange={(type) => update({ type })}
            sort={params.sort}
            onSortChange={(sort) => update({ sort })}
            hasFilters={hasFilters}
            onClearFilters={list.clearFilters}
            canCreate={can('identifier.create')}
            onAdd={() => setDialog({ kind: 'create' })}
            onImport={() => setDialog({ kind: 'import' })}
          />
        }
        emptyState={
          <IdentifiersEmptyState
            hasFilters={hasFilters}
            search={params.search}
            type={params.type}
            hasFailed={query.isError}
            error={query.error}
            canCreate={can('identifier.create')}
            onAdd={() => setDialog({ kind: 'create' })}
            onClearFilters={list.clearFilters}
            onRetry={() => void query.refetch()}
          />
        }
        pagination={
          // Like the other lists: nothing to page through, no "0–0 of 0 items" under the empty state.
          (pagination?.totalItems ?? 0) > 0 && (
            <IdentifiersPagination
              page={params.page}
              pageSize={params.pageSize}
              totalItems={pagination?.totalItems ?? 0}
              totalIsEstimate={!query.isError && !!query.data?.totalIsEstimate}
              isLastPage={items.length < params.pageSize}
              disabled={query.isFetching && query.isPlaceholderData}
              onChange={({ page, pageSize }) => update({ page, pageSize })}
            />
          )
        }
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && (
          <CreateIdentifierModal
            onClose={() => setDialog(null)}
            onCreated={() => setDialog(null)}
            onOpenExisting={openExisting}
          />
        )}
        {dialog?.kind === 'import' && (
          <ImportIdentifiersModal onClose={() => setDialog(null)} onOpenIdentifier={openExisting} />
        )}
        {dialog?.kind === 'edit' && (
          <EditIdentifierModal
            identifier={dialog.identifier}
            onClose={() => setDialog(null)}
            onOpenExisting={openExisting}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteIdentifierModal
            identifier={dialog.identifier}
            onClose={() => setDialog(null)}
            onDeleted={(id) => {
              setDialog(null);
              if (list.openId === id) list.setOpenId(null);
            }}
          />
        )}
        {list.openId && !dialog && (
          <IdentifierDetailModal
            key={list.openId}
            id={list.openId}
            fallback={fallback}
            canValidate={can('identifier.edit')}
            canReview={can('identifier.edit')}
            canEditTags={can('identifier.edit') && can('tag.view')}
            onEdit={
              can('identifier.edit') ? (identifier) => setDialog({ kind: 'edit', identifier }) : undefined
            }
            onClose={() => list.setOpenId(null)}
          />
        )}
      </Suspense>
    </PageLayout>
  );
}
