import { Tag as CarbonTag } from '@carbon/react';
import type { ReactNode } from 'react';
import type { Tag } from '@scamtrail/domain/tags';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { RowActionsMenu } from '../../../components/row-actions-menu';
import { EMPTY_CELL } from '../../../lib/format';

const COLUMNS: TableColumn[] = [
  { key: 'name', header: 'Tag' },
  { key: 'description', header: 'Description' },
  { key: 'identifiers', header: 'Identifiers' },
  { key: 'cases', header: 'Cases' },
  { key: 'evidence', header: 'Evidence' },
  { key: 'total', header: 'Total uses' },
  { key: 'actions', header: 'Actions' },
];

interface TagsTableProps {
  tags: Tag[];
  loading: boolean;
  emptyState: ReactNode;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

/** Tags with their colour swatch and how often each is used. */
export function TagsTable({ tags, loading, emptyState, onEdit, onDelete }: TagsTableProps) {
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const rows = tags.map((tag) => ({
    id: tag.id,
    name: tag.name,
    description: tag.description || EMPTY_CELL,
    // A count the server leaves out (the caller may not view that kind of record) is not a 0.
    identifiers: tag.usage.identifiers ?? EMPTY_CELL,
    cases: tag.usage.cases ?? EMPTY_CELL,
    evidence: tag.usage.evidence ?? EMPTY_CELL,
    total: tag.usage.total,
    actions: '',
  }));
  return (
    <AppDataTable
      title="Tags"
      headers={COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={loading}
      emptyState={emptyState}
      renderCell={{
        name: (row) => (
          <CarbonTag type={byId.get(row.id)!.color} className="tags-page__swatch">
            {row.name}
          </CarbonTag>
        ),
        actions: (row) => (
          <RowActionsMenu
            label={row.name}
            actions={[
              { label: 'Edit', onClick: () => onEdit(byId.get(row.id)!) },
              { label: 'Delete', isDelete: true, onClick: () => onDelete(byId.get(row.id)!) },
            ]}
          />
        ),
      }}
    />
  );
}
