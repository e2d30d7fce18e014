import { Button, Tag } from '@carbon/react';
import { useEffect, useState } from 'react';
import { SESSIONS_PAGE_SIZE, type Session } from '@scamtrail/domain/passkeys';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { SectionPager } from '../../../components/section-pager';
import { formatDateTime } from '../../../lib/format';
import { useSessions } from '../api/get-sessions';
import { RevokeOtherSessionsModal } from './revoke-other-sessions-modal';
import { RevokeSessionModal } from './revoke-session-modal';
import { ProfileLoadFailed } from './profile-load-failed';

const COLUMNS: TableColumn[] = [
  { key: 'device', header: 'Device' },
  { key: 'ip', header: 'IP address' },
  { key: 'createdAt', header: 'Signed in' },
  { key: 'lastSeenAt', header: 'Last seen' },
  { key: 'actions', header: 'Actions', sortable: false },
];

/**
 * Where the user is signed in, this device first (the server orders them so); any of them can be signed
 * out from here, or all but this one at once. Paged on the server past a page of sessions: they end
 * after a while unused (SESSION_IDLE_MINUTES, DEVICE_SESSION_IDLE_HOURS), but each sign-in starts one,
 * and nothing caps how many are open. "Sign out other sessions" counts the others on every page.
 */
export function SessionsSection() {
  const [page, setPage] = useState(1);
  const query = useSessions(page);
  const [revoking, setRevoking] = useState<Session | null>(null);
  // How many the server counted when asked: the dialog keeps saying it while the list refreshes.
  const [revokingOthers, setRevokingOthers] = useState<number | null>(null);
  const sessions = query.data?.data ?? [];
  const others = query.data?.otherCount ?? 0;
  const lastPage = query.data?.pagination.totalPages;
  // The last session of the last page revoked: the page before it is shown.
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const byId = new Map(sessions.map((session) => [session.id, session]));
  const rows = sessions.map((session) => ({
    id: session.id,
    device: session.device,
    current: session.current,
    ip: session.ip ?? 'Unknown',
    createdAt: formatDateTime(session.createdAt),
    lastSeenAt: formatDateTime(session.lastSeenAt),
    actions: '',
  }));

  return (
    <section className="page-section" aria-labelledby="profile-sessions">
      <div className="profile-section__header">
        <h2 id="profile-sessions" className="page-section__title">
          Sessions
        </h2>
        {/* Gone once this is the only session: focus then goes back to the heading above. */}
        {!query.isError && others > 0 && (
          <Button kind="danger--tertiary" size="md" onClick={() => setRevokingOthers(others)}>
            Sign out other sessions
          </Button>
        )}
      </div>
      <p className="page-section__text">
        Where you are signed in. Revoke a session you do not recognise; revoking this device’s signs you out
        here. Revoking a command-line sign-in also stops the API keys made with it.
      </p>
      {query.isError && !query.data ? (
        <ProfileLoadFailed
          title="Failed to load your sessions"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <AppDataTable
            headers={COLUMNS}
            rows={rows}
            sortable={false}
            paginate={false}
            loading={query.isPending}
            rowLabel={(row) => (row.current ? `${row.device} (this device)` : row.device)}
            renderCell={{
              device: (row) => (
                <span className="profile-section__device">
                  {row.device}
                  {row.current && (
                    <Tag type="blue" size="sm">
                      This device
                    </Tag>
                  )}
                </span>
              ),
              actions: (row) => (
                <Button
                  kind="danger--ghost"
                  size="sm"
                  className="ghost-aligned"
                  aria-label={`Revoke ${row.device}${row.current ? ' (this device)' : ''}`}
                  onClick={() => setRevoking(byId.get(row.id)!)}
                >
                  Revoke
                </Button>
              ),
            }}
          />
          {query.data && (
            <SectionPager
              page={page}
              pageSize={SESSIONS_PAGE_SIZE}
              pagination={query.data.pagination}
              disabled={query.isPlaceholderData}
              onPage={setPage}
            />
          )}
        </>
      )}
      {revoking && <RevokeSessionModal session={revoking} onClose={() => setRevoking(null)} />}
      {revokingOthers !== null && (
        <RevokeOtherSessionsModal count={revokingOthers} onClose={() => setRevokingOthers(null)} />
      )}
    </section>
  );
}
