import { Suspense, useEffect, useMemo, useState } from 'react';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useSession } from '../../../lib/session';
import { ListPagination } from '../../../components/list-pagination';
import { RemovedFiltersNotice } from '../../../components/removed-filters-notice';
import { useEvidenceList } from '../api/get-evidence-list';
import { EvidenceEmptyState } from './evidence-empty-state';
import { hasEvidenceFilters } from './evidence-list-params';
import { EvidenceTable } from './evidence-table';
import { EvidenceToolbar } from './evidence-toolbar';
import type { EvidenceItem } from '../api/evidence-types';
import {
  AddEvidenceModal,
  EditEvidenceModal,
  EvidenceDetailModal,
  preloadEvidenceDialogs,
} from './lazy-evidence-dialogs';
import { useEvidenceListState } from './use-evidence-list-state';
import { useShowLastPage } from '../../../lib/use-show-last-page';
import './evidence.scss';

export interface EvidencePanelProps {
  /** The case whose evidence is listed (its Evidence tab); without it, every item the user may see. */
  caseId?: string;
  /** An archived case takes no new evidence: "Add evidence" is hidden. */
  readOnly?: boolean;
}

/**
 * Evidence items with their filters, the add-evidence dialog and the detail (/evidence and a case's
 * Evidence tab). The state lives in the URL; inside a case its parameters carry an "evidence" prefix so
 * they cannot clash with the case page's own.
 */
export function EvidencePanel({ caseId, readOnly = false }: EvidencePanelProps) {
  const { user } = useSession();
  const list = useEvidenceListState(caseId ? 'evidence' : '');
  const params = useMemo(() => (caseId ? { ...list.params, caseId } : list.params), [caseId, list.params]);
  const query = useEvidenceList(params);
  const [isAdding, setAdding] = useState(false);
  // The item being edited; its detail comes back when the edit dialog closes.
  const [editing, setEditing] = useState<EvidenceItem | null>(null);
  const canAdd = !readOnly && hasPermission(user?.permissions, 'evidence.create');
  const canEdit = hasPermission(user?.permissions, 'evidence.edit');
  const hasFilters = hasEvidenceFilters(list.params);
  const items = query.isError ? [] : (query.data?.data ?? []);
  const idPrefix = caseId ? 'case-evidence' : 'evidence';

  // A page past the end (the last item moved to another case, an old link) shows the last page.
  const { update } = list;
  useShowLastPage(
    params.page,
    query.isPlaceholderData ? undefined : query.data?.pagination.totalPages,
    update,
  );

  const isListShown = !query.isPending;
  useEffect(() => {
    if (isListShown) preloadEvidenceDialogs();
  }, [isListShown]);

  const onAdd = canAdd ? () => setAdding(true) : undefined;
  const fallback = items.find((item) => item.id === list.openId);

  return (
    <div className="evidence-panel">
      <RemovedFiltersNotice removed={list.removedFilters} onClose={list.dismissRemovedFilters} />
      <EvidenceTable
        items={items}
        // An empty page kept on screen while another search loads says nothing of that search: not
        // "no match" until it is answered.
        isLoading={query.isPending || (query.isPlaceholderData && items.length === 0)}
        pageSize={params.pageSize}
        showCase={!caseId}
        detailSearch={list.detailSearch}
        toolbar={
          <EvidenceToolbar
            idPrefix={idPrefix}
            params={params}
            searchText={list.searchText}
            onSearchTextChange={list.setSearchText}
            // Filtering by a case names it: without case.view the server refuses it (403), as here.
            showCaseFilter={!caseId && hasPermission(user?.permissions, 'case.view')}
            onChange={update}
            hasFilters={hasFilters}
            onClearFilters={list.clearFilters}
            onAdd={onAdd}
          />
        }
        emptyState={
          <EvidenceEmptyState
            error={query.isError ? query.error : null}
            hasFilters={hasFilters}
            inCase={Boolean(caseId)}
            onAdd={onAdd}
            onClearFilters={list.clearFilters}
            onRetry={() => void query.refetch()}
          />
        }
        pagination={
          <ListPagination
            page={params.page}
            pageSize={params.pageSize}
            totalItems={query.isError ? 0 : (query.data?.pagination.totalItems ?? 0)}
            onChange={(page, pageSize) => update({ page, pageSize })}
          />
        }
      />
      <Suspense fallback={null}>
        {isAdding && (
          <AddEvidenceModal
            caseId={caseId}
            onClose={() => setAdding(false)}
            onOpenEvidence={(id) => {
              setAdding(false);
              list.setOpenId(id);
            }}
          />
        )}
        {editing && <EditEvidenceModal item={editing} onClose={() => setEditing(null)} />}
        {list.openId && !isAdding && !editing && (
          <EvidenceDetailModal
            key={list.openId}
            id={list.openId}
            fallback={fallback}
            showCase={!caseId}
            onEdit={canEdit ? setEditing : undefined}
            onClose={() => list.setOpenId(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
