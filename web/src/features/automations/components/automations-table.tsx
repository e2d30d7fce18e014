import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Originator } from '@scamtrail/domain/originators';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { formatDateTime } from '../../../lib/format';
import { AutomationStatusTag } from './automation-status-tag';
import { paths } from '../../../lib/paths';

const COLUMNS: TableColumn[] = [
  { key: 'systemName', header: 'System name' },
  { key: 'description', header: 'Description' },
  { key: 'status', header: 'Status' },
  { key: 'lastTriggered', header: 'Last triggered' },
  { key: 'createdAt', header: 'Created' },
];

interface AutomationsTableProps {
  automations: Originator[];
  loading: boolean;
  emptyState: ReactNode;
}

/** One page of automations; the name opens the automation. */
export function AutomationsTable({ automations, loading, emptyState }: AutomationsTableProps) {
  const rows = automations.map((automation) => ({
    id: automation.id,
    systemName: automation.systemName ?? automation.name,
    description: automation.description || '—',
    status: automation.active ? 'Active' : 'Inactive',
    lastTriggered: formatDateTime(automation.lastTriggered, 'Never'),
    createdAt: formatDateTime(automation.createdAt),
  }));
  const byId = new Map(automations.map((automation) => [automation.id, automation]));

  return (
    <AppDataTable
      title="Automations"
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        systemName: (row) => (
          <Link className="cds--link" to={paths.automationDetail(row.id)}>
            {row.systemName}
          </Link>
        ),
        status: (row) => <AutomationStatusTag active={byId.get(row.id)?.active ?? false} />,
      }}
    />
  );
}
