import { RecentlyViewed } from '@carbon/icons-react';
import { useState } from 'react';
import type { AuditEvent, Case } from '@scamtrail/domain/cases';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { TagRef } from '@scamtrail/domain/tags';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';
import { ListResults } from '../../../components/list-results';
import { useTagOptions } from '../../../components/tags/tag-options';
import { WrappingText } from '../../../components/wrapping-text';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCaseHistory } from '../api/get-case-history';
import {
  describeAction,
  describeActor,
  describeChanges,
  type KnownNames,
} from '../../../lib/case-history-format';

const COLUMNS: TableColumn[] = [
  { key: 'action', header: 'What' },
  { key: 'actor', header: 'Who' },
  { key: 'createdAt', header: 'When' },
  { key: 'changes', header: 'Changes' },
];

/**
 * The names the page knows for ids a history row may hold: the case's group and assignees, its tags
 * and every other tag the user may list (a tag taken off the case is named too).
 */
function namesOf(caseItem: Case, tags: readonly TagRef[]): KnownNames {
  return new Map([
    ...tags.map((tag) => [tag.id, tag.name] as const),
    ...(caseItem.group ? [[caseItem.group.id, caseItem.group.name] as const] : []),
    ...caseItem.assignees.map((user) => [user.id, user.fullName] as const),
    ...caseItem.tags.map((tag) => [tag.id, tag.name] as const),
  ]);
}

function Changes({ event, names }: { event: AuditEvent; names: KnownNames }) {
  const changes = describeChanges(event, names);
  if (changes.length === 0) return <span className="case-detail__muted">—</span>;
  return (
    <ul className="case-history__changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="case-history__field">{change.label}:</span>{' '}
          {change.before !== undefined ? (
            <>
              <span className="case-history__before">
                <WrappingText text={change.before} />
              </span>
              {' → '}
              <WrappingText text={change.after} />
            </>
          ) : (
            <WrappingText text={change.after} />
          )}
        </li>
      ))}
    </ul>
  );
}

function Actor({ event }: { event: AuditEvent }) {
  const { name, kind } = describeActor(event.actor);
  return (
    <span className="case-history__actor">
      <span>{name}</span>
      {kind && <span className="case-detail__muted">{kind}</span>}
    </span>
  );
}

/** The date over the time: a narrow column leaves the room to what changed. */
function When({ at }: { at: string }) {
  return (
    <span className="case-history__when">
      <span>{formatDate(at)}</span>
      <span className="case-detail__muted">{formatTime(at)}</span>
    </span>
  );
}

/** The History tab: the case's audit log, newest first, in words. */
export function CaseHistoryTab({ caseItem }: { caseItem: Case }) {
  const [page, setPage] = useState({ page: 1, pageSize: LIST_PAGE_SIZES[0] });
  const query = useCaseHistory(caseItem.id, page);
  const { user } = useSession();
  const tags = useTagOptions(hasPermission(user?.permissions, 'tag.view'));
  const names = namesOf(caseItem, tags.data ?? []);
  const events = query.data?.data ?? [];
  const byId = new Map(events.map((event) => [String(event.id), event]));
  const rows = events.map((event) => ({
    id: String(event.id),
    action: describeAction(event),
    actor: event.actor.name,
    createdAt: formatDateTime(event.createdAt),
    changes: '',
  }));

  return (
    <ListResults
      query={query}
      errorTitle="Failed to load the case's history"
      pagination={{ ...page, onChange: (next, pageSize) => setPage({ page: next, pageSize }) }}
    >
      <AppDataTable
        title="History"
        description="Every change to the case, its journal and its evidence, newest first"
        headers={COLUMNS}
        rows={rows}
        sortable={false}
        paginate={false}
        loading={query.isPending}
        pageSize={10}
        emptyState={<EmptyState icon={RecentlyViewed} title="No history yet" />}
        renderCell={{
          actor: (row) => <Actor event={byId.get(row.id)!} />,
          createdAt: (row) => <When at={byId.get(row.id)!.createdAt} />,
          changes: (row) => <Changes event={byId.get(row.id)!} names={names} />,
        }}
      />
    </ListResults>
  );
}
