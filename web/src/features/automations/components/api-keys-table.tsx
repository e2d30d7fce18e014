import { Button } from '@carbon/react';
import { Password } from '@carbon/icons-react';
import { apiKeyStatus, type ApiKey } from '@scamtrail/domain/automations';
import { permissionLabels } from '@scamtrail/domain/permission-labels';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { DateTimeText } from '../../../components/date-time-text';
import { EmptyState } from '../../../components/empty-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ApiKeyStatusTag } from './api-key-status-tag';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'prefix', header: 'Prefix' },
  { key: 'scopes', header: 'Scopes' },
  { key: 'createdAt', header: 'Created' },
  { key: 'lastUsedAt', header: 'Last used' },
  { key: 'expiresAt', header: 'Expires' },
  { key: 'status', header: 'Status' },
  { key: 'actions', header: 'Actions', sortable: false },
];

interface ApiKeysTableProps {
  apiKeys: ApiKey[];
  /** Offers revoking active keys. */
  canRevoke: boolean;
  onRevoke: (key: ApiKey) => void;
}

/** An automation's API keys: never the secret, only the prefix that tells them apart. */
export function ApiKeysTable({ apiKeys, canRevoke, onRevoke }: ApiKeysTableProps) {
  const byId = new Map(apiKeys.map((key) => [key.id, key]));
  const rows = apiKeys.map((key) => ({
    id: key.id,
    name: key.name,
    prefix: `${key.prefix}…`,
    // In words, a resource's actions together; the list wraps at its spaces, in a column or a card.
    scopes: permissionLabels(key.scopes).join(', '),
    createdAt: formatDateTime(key.createdAt),
    lastUsedAt: formatDateTime(key.lastUsedAt, 'Never'),
    expiresAt: formatDate(key.expiresAt, 'Never'),
    // The server's status is as of the answer; recomputed so a key expiring meanwhile shows so.
    status: apiKeyStatus(key),
    actions: '',
  }));

  return (
    <AppDataTable
      title="API keys"
      description="A request sending a key as a bearer token acts as this automation, with that key's scopes."
      headers={canRevoke ? COLUMNS : COLUMNS.filter((column) => column.key !== 'actions')}
      rows={rows}
      sortable={false}
      paginate={false}
      rowLabel={(row) => row.name}
      emptyState={
        <EmptyState
          icon={Password}
          title="No API keys"
          description="Create a key so a system can call the API as this automation."
        />
      }
      renderCell={{
        prefix: (row) => <code className="automation-page__code">{row.prefix}</code>,
        scopes: (row) => <span className="automation-page__scopes">{row.scopes}</span>,
        // Each on one line from md up ("Dec 1, 2026, 11:11 AM" read as two was hard to scan).
        createdAt: (row) => (
          <DateTimeText value={byId.get(row.id)!.createdAt} fallback={row.createdAt} oneLineFromMd />
        ),
        lastUsedAt: (row) => (
          <DateTimeText value={byId.get(row.id)!.lastUsedAt} fallback={row.lastUsedAt} oneLineFromMd />
        ),
        status: (row) => <ApiKeyStatusTag status={row.status} />,
        actions: (row) =>
          row.status === 'active' ? (
            <Button
              kind="danger--ghost"
              size="sm"
              className="ghost-aligned"
              onClick={() => onRevoke(byId.get(row.id)!)}
            >
              Revoke<span className="cds--visually-hidden"> {row.name}</span>
            </Button>
          ) : null,
      }}
    />
  );
}
