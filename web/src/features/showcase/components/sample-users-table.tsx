import { Download, TrashCan } from '@carbon/icons-react';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import type { SampleUser } from './sample-users';
import { StatusTag } from './status-tag';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'Email' },
  { key: 'role', header: 'Role' },
  { key: 'department', header: 'Department' },
  { key: 'status', header: 'Status' },
  { key: 'lastLogin', header: 'Last login' },
];

/** The demo data table: row and batch actions only log, as spec 2.5 asks. */
export function SampleUsersTable({ users }: { users: SampleUser[] }) {
  return (
    <AppDataTable
      title="Team directory"
      description="Generated sample users. Sort by any column, search, select rows for batch actions."
      headers={COLUMNS}
      rows={users}
      searchable
      rowLabel={(user) => user.name}
      renderCell={{ status: (user) => <StatusTag status={user.status} /> }}
      batchActions={[
        { label: 'Export', icon: Download, onClick: (rows) => console.log('Export users', rows) },
        { label: 'Delete', icon: TrashCan, onClick: (rows) => console.log('Delete users', rows) },
      ]}
      overflowMenu={[
        { label: 'View Details', onClick: (user) => console.log('View details', user) },
        { label: 'Edit', onClick: (user) => console.log('Edit', user) },
        { label: 'Delete', isDelete: true, onClick: (user) => console.log('Delete', user) },
      ]}
    />
  );
}
