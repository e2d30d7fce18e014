import { Button, Link } from '@carbon/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AuditEvent } from '@scamtrail/domain/cases';
import type { NotificationList } from '@scamtrail/domain/notifications';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { SectionLoadState } from '../../../components/section-load-state';
import { describeAction, describeActor } from '../../../lib/case-history-format';
import { notificationKeys } from '../api/unread-notifications';
import { paths } from '../../../lib/paths';

const PAGE_SIZE = 10;

const assigneesOf = (values: unknown): unknown[] => {
  const ids = (values as { assigneeIds?: unknown } | null)?.assigneeIds;
  return Array.isArray(ids) ? ids : [];
};

/**
 * What happened, in the History's words, except when the event put the user on the case: "Assigned
 * you", which is why the case is theirs to hear about.
 */
export function describeNotification(event: AuditEvent, userId: string | undefined): string {
  const assignedNow = userId !== undefined && assigneesOf(event.after).includes(userId);
  const assignedBefore = assigneesOf(event.before).includes(userId);
  if (assignedNow && !assignedBefore) {
    return event.action === 'case.created' ? 'Created the case and assigned you' : 'Assigned you to the case';
  }
  return describeAction(event);
}

function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) =>
      api.get<NotificationList>('/notifications', { params: { page, pageSize: PAGE_SIZE }, signal }),
    // The page shown stays while the next loads, so the pager pressed is still there to hold focus.
    placeholderData: keepPreviousData,
  });
}

/**
 * Once the newest notification is on screen, everything up to it is seen: the badge goes, while the
 * list keeps its unread marks until it is next loaded.
 */
function useMarkSeen(newest: { id: number; unread: boolean } | undefined) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (upTo: number) => api.post<null>('/notifications/seen', { upTo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
  const { mutate } = mark;
  const newestId = newest?.unread ? newest.id : undefined;
  useEffect(() => {
    if (newestId !== undefined) mutate(newestId);
  }, [newestId, mutate]);
}

/**
 * Keeps focus on the pager once a page has loaded: the button pressed is disabled while it loads, and
 * Older is gone on the last page (Newer on the first), which left focus on <body> and the keyboard user
 * at the top of the document. Focus goes back to the button pressed if it is still there, else the other.
 */
function usePagerFocus(isFetching: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const pressed = useRef<string | null>(null);
  useEffect(() => {
    if (isFetching || pressed.current === null) return;
    const buttons = [...(ref.current?.querySelectorAll('button') ?? [])];
    const target = buttons.find((button) => button.textContent === pressed.current) ?? buttons[0];
    pressed.current = null;
    target?.focus();
  }, [isFetching]);
  return {
    ref,
    keepFocus: () => {
      pressed.current = document.activeElement?.textContent ?? null;
    },
  };
}

/**
 * What others did on the cases the user is assigned to and on the tasks they are given, newest first:
 * who, what (in the words of the case's History) and which case, each linking to it. Loaded when the
 * bell's panel opens.
 */
export default function CaseActivity({ onNavigate }: { onNavigate: () => void }) {
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const pager = usePagerFocus(query.isFetching);
  const { user } = useSession();
  const first = page === 1 ? query.data?.data[0] : undefined;
  useMarkSeen(first && { id: first.event.id, unread: first.unread });

  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} errorTitle="Your cases’ activity could not be loaded" lineCount={3} />
    );
  }
  const { data, pagination } = query.data;
  if (data.length === 0) {
    return (
      <p className="app-header-panel__hint">
        Nothing yet. What others do on the cases you are assigned to and on the tasks you are given appears
        here.
      </p>
    );
  }
  return (
    <>
      <ul className="notifications-panel__list" aria-label="Activity on your cases, newest first">
        {data.map(({ event, case: caseRef, unread }) => (
          <li
            key={event.id}
            className={`notifications-panel__activity${unread ? ' notifications-panel__activity--unread' : ''}`}
          >
            <p className="notifications-panel__item-title">
              {unread && <span className="cds--visually-hidden">Unread: </span>}
              {describeActor(event.actor).name} · {describeNotification(event, user?.id)}
            </p>
            <Link as={RouterLink} to={paths.caseDetail(caseRef.id)} onClick={onNavigate}>
              #{caseRef.number} {caseRef.title}
            </Link>
            <p className="notifications-panel__item-time">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      {/* Read as pagers are: Newer first (left), Older after it (right). */}
      <div ref={pager.ref}>
        {page > 1 && (
          <Button
            kind="ghost"
            size="sm"
            disabled={query.isFetching}
            onClick={() => {
              pager.keepFocus();
              setPage(page - 1);
            }}
          >
            Newer
          </Button>
        )}
        {pagination.totalPages > page && (
          <Button
            kind="ghost"
            size="sm"
            disabled={query.isFetching}
            onClick={() => {
              pager.keepFocus();
              setPage(page + 1);
            }}
          >
            Older
          </Button>
        )}
      </div>
    </>
  );
}
