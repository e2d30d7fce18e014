import { SkeletonText } from '@carbon/react';
import { Suspense, useEffect, useState } from 'react';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { ListPagination } from '../../../../components/list-pagination';
import type { RowMenuAction } from '../../../../components/row-actions-menu';
import { useSession } from '../../../../lib/session';
import { useJournalEntries } from '../api/journal-get-entries';
import {
  EntryDialog,
  preloadTimelineDialogs,
  RemoveEntryDialog,
  SignEntryDialog,
} from './lazy-timeline-dialogs';
import { canChangeEntry, isEntryOriginator } from './entry-ownership';
import { JournalIntegrityBar } from './journal-integrity';
import { hasTimelineFilters, journalPageParams } from './timeline-params';
import { TimelineEmptyState } from './timeline-empty-state';
import { TimelineEntry } from './timeline-entry';
import { TimelineHeader, TimelineToolbar } from './timeline-toolbar';
import { useTimelineState } from './use-timeline-state';
import { useShowLastPage } from '../../../../lib/use-show-last-page';
import './timeline.scss';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'remove' | 'sign'; entry: JournalEntry };

interface CaseTimelineProps {
  caseId: string;
  /** The case takes no changes (archived): no "Add entry", no entry actions. */
  readOnly: boolean;
}

function TimelineSkeleton() {
  return (
    <ol className="case-timeline__list" aria-label="Loading journal entries">
      {[0, 1, 2].map((key) => (
        <li key={key} className="timeline-entry timeline-entry--loading">
          <div className="timeline-entry__marker" aria-hidden />
          <div className="timeline-entry__card">
            <SkeletonText width="40%" />
            <SkeletonText paragraph lineCount={2} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The case's journal (the Timeline tab of /cases/:id): newest first, filtered and paged by the server. */
export function CaseTimeline({ caseId, readOnly }: CaseTimelineProps) {
  const { user } = useSession();
  const { params, update, clearFilters, searchText, setSearchText } = useTimelineState();
  const query = useJournalEntries(caseId, journalPageParams(params));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const can = (permission: string) => !readOnly && hasPermission(user?.permissions, permission);
  const entries = query.isError ? [] : (query.data?.data ?? []);
  const hasFilters = hasTimelineFilters(params);

  // Once the journal is on screen, fetch the dialogs' code so that opening one does not wait.
  const isShown = !query.isPending;
  useEffect(() => {
    if (isShown) preloadTimelineDialogs();
  }, [isShown]);

  // A page past the end (its last entry was removed, an old link) shows the last page instead.
  useShowLastPage(
    params.page,
    query.isPlaceholderData ? undefined : query.data?.pagination.totalPages,
    update,
  );

  const openCreate = can('journal_entry.create') ? () => setDialog({ kind: 'create' }) : undefined;
  const actionsFor = (entry: JournalEntry): RowMenuAction[] => {
    if (entry.isNullified) return [];
    // Every change of an entry (its text and links through Edit, its removal) is for whoever recorded
    // it or an administrator; the server refuses others with 403.
    const mayChange = canChangeEntry(user, entry);
    const actions: RowMenuAction[] = [];
    // A signed entry is not edited (the server refuses with 409): a correction is a new entry.
    if (can('journal_entry.edit') && !entry.isSigned && mayChange) {
      actions.push({ label: 'Edit', onClick: () => setDialog({ kind: 'edit', entry }) });
    }
    // Spec 4: only its originator signs an entry, and only once.
    if (!readOnly && isEntryOriginator(user, entry) && !entry.isSigned) {
      actions.push({ label: 'Sign entry', onClick: () => setDialog({ kind: 'sign', entry }) });
    }
    if (can('journal_entry.delete') && mayChange) {
      actions.push({ label: 'Remove', isDelete: true, onClick: () => setDialog({ kind: 'remove', entry }) });
    }
    return actions;
  };

  // An empty journal's own empty state offers "Add entry"; the header does not repeat it.
  const isEmptyJournal = !query.isPending && !query.isError && entries.length === 0 && !hasFilters;
  let body;
  if (query.isPending) body = <TimelineSkeleton />;
  else if (entries.length === 0) {
    body = (
      <TimelineEmptyState
        error={query.isError ? query.error : null}
        hasFilters={hasFilters}
        onAdd={openCreate}
        onClearFilters={clearFilters}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = (
      <ol
        className="case-timeline__list"
        aria-label="Journal entries, newest first"
        aria-busy={query.isFetching}
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <TimelineEntry entry={entry} actions={actionsFor(entry)} searched={params.search} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="case-timeline">
      <JournalIntegrityBar caseId={caseId} entries={entries} />
      <TimelineHeader
        pagination={query.isError ? undefined : query.data?.pagination}
        isFiltered={hasFilters}
        onAdd={isEmptyJournal ? undefined : openCreate}
      />
      <TimelineToolbar
        params={params}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onChange={(changes) => update(changes)}
      />
      {body}
      {!query.isError && (
        <ListPagination
          page={params.page}
          pageSize={params.pageSize}
          totalItems={query.data?.pagination.totalItems ?? 0}
          onChange={(page, pageSize) => update({ page, pageSize })}
        />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && <EntryDialog caseId={caseId} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'edit' && (
          <EntryDialog caseId={caseId} entry={dialog.entry} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'sign' && <SignEntryDialog entry={dialog.entry} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'remove' && (
          <RemoveEntryDialog caseId={caseId} entry={dialog.entry} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </div>
  );
}
