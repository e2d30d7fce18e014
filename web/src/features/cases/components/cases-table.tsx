import {
  DataTable,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
  TableSelectAll,
  TableSelectRow,
} from '@carbon/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SCAM_TYPE_LABELS } from '@scamtrail/domain/case-labels';
import type { Case } from '@scamtrail/domain/cases';
import { ACTIONS_COLUMN_KEY } from '../../../components/data-table/data-table-types';
import {
  STACKED_ROW_CLASS,
  STACKED_TABLE_CLASS,
  stackedCellProps,
} from '../../../components/data-table/stacked-table';
import { TableLoading } from '../../../components/data-table/table-loading';
import { RowActionsMenu, type RowMenuAction } from '../../../components/row-actions-menu';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import type { CaseListParams } from './cases-list-params';
import { CasePriorityTag, CaseStatusTag } from '../../../components/case-tags';
import { paths } from '../../../lib/paths';

type SortKey = 'priority' | 'updatedAt';

const COLUMNS: { key: string; header: string; sort?: SortKey }[] = [
  { key: 'case', header: 'Case' },
  { key: 'status', header: 'Status' },
  { key: 'priority', header: 'Priority', sort: 'priority' },
  { key: 'scamType', header: 'Scam type' },
  { key: 'assignees', header: 'Assignees' },
  { key: 'entries', header: 'Entries' },
  { key: 'lastActivity', header: 'Last activity', sort: 'updatedAt' },
  { key: ACTIONS_COLUMN_KEY, header: 'Actions' },
];

/** "Ada Okafor, Ben Ito +2"; the whole list is the cell's title. */
function assigneeNames(item: Case): string {
  const names = item.assignees.map((user) => user.fullName);
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}

interface CasesTableProps {
  items: Case[];
  /** First load: a skeleton instead of rows. */
  isLoading: boolean;
  pageSize: number;
  sort: Pick<CaseListParams, 'sort' | 'direction'>;
  onSort: (sort: Pick<CaseListParams, 'sort' | 'direction'>) => void;
  /** The actions of a row's menu. */
  actionsFor: (item: Case) => RowMenuAction[];
  emptyState: ReactNode;
  pagination: ReactNode;
  /** Rows chosen for a change to several cases at once; absent for a user who may not edit. */
  selection?: {
    selectedIds: readonly string[];
    onChange: (ids: string[]) => void;
    /** The bar of actions on the chosen rows, shown while any is chosen. */
    actions: ReactNode;
  };
}

/**
 * The case list: title with its number (the link to the case), status, priority, scam type, assignees,
 * entries, last activity, and a row menu. Priority and last activity sort on the server when their
 * header is pressed; on a phone each row is a card (stacked-table.scss).
 */
export function CasesTable(props: CasesTableProps) {
  const { items, isLoading, sort, onSort } = props;
  const rows = items.map((item) => ({ id: item.id }));

  if (isLoading) {
    return (
      <TableLoading headers={COLUMNS} columnCount={COLUMNS.length} rowCount={Math.min(props.pageSize, 10)} />
    );
  }

  const headerSort = (key: SortKey) => {
    const isSorted = sort.sort === key;
    return {
      isSortable: true,
      isSortHeader: isSorted,
      sortDirection: isSorted ? (sort.direction === 'asc' ? 'ASC' : 'DESC') : 'NONE',
      // Pressed again it turns around; a new column starts with what matters most (latest, highest).
      onClick: () => onSort({ sort: key, direction: isSorted && sort.direction === 'desc' ? 'asc' : 'desc' }),
    } as const;
  };

  const { selection } = props;
  const chosen = new Set(selection?.selectedIds);
  const allChosen = items.length > 0 && items.every((item) => chosen.has(item.id));
  const toggle = (id: string) =>
    selection?.onChange(chosen.has(id) ? [...chosen].filter((other) => other !== id) : [...chosen, id]);

  return (
    <DataTable rows={rows} headers={COLUMNS} size="lg">
      {({ getTableProps, getTableContainerProps }) => (
        <TableContainer {...getTableContainerProps()} className={`cases-table ${STACKED_TABLE_CLASS}`}>
          {selection && chosen.size > 0 && selection.actions}
          <Table {...getTableProps()} aria-label="Cases">
            <TableHead>
              <TableRow>
                {selection && items.length > 0 && (
                  <TableSelectAll
                    id="cases-select-all"
                    name="cases-select-all"
                    aria-label="Choose every case of the page"
                    checked={allChosen}
                    indeterminate={chosen.size > 0 && !allChosen}
                    onSelect={() => selection.onChange(allChosen ? [] : items.map((item) => item.id))}
                  />
                )}
                {COLUMNS.map((column) =>
                  column.key === ACTIONS_COLUMN_KEY ? (
                    <TableHeader key={column.key}>
                      <span className="cds--visually-hidden">{column.header}</span>
                    </TableHeader>
                  ) : (
                    <TableHeader key={column.key} {...(column.sort ? headerSort(column.sort) : {})}>
                      {column.header}
                    </TableHeader>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + (selection ? 1 : 0)} className="cases-table__empty">
                    {props.emptyState}
                  </TableCell>
                </TableRow>
              )}
              {items.map((item) => {
                const cell = (index: number) => stackedCellProps(index, COLUMNS[index]);
                return (
                  <TableRow key={item.id} className={STACKED_ROW_CLASS}>
                    {selection && (
                      <TableSelectRow
                        id={`cases-select-${item.id}`}
                        name={`cases-select-${item.id}`}
                        aria-label={`Choose #${item.number} ${item.title}`}
                        checked={chosen.has(item.id)}
                        onSelect={() => toggle(item.id)}
                      />
                    )}
                    <TableCell {...cell(0)}>
                      <Link as={RouterLink} to={paths.caseDetail(item.id)} className="cases-table__title">
                        <span className="cases-table__number">#{item.number}</span> {item.title}
                      </Link>
                    </TableCell>
                    <TableCell {...cell(1)}>
                      <CaseStatusTag status={item.status} />
                    </TableCell>
                    <TableCell {...cell(2)}>
                      <CasePriorityTag priority={item.priority} />
                    </TableCell>
                    <TableCell {...cell(3)}>
                      {item.scamType ? SCAM_TYPE_LABELS[item.scamType] : EMPTY_CELL}
                    </TableCell>
                    <TableCell {...cell(4)}>
                      {item.assignees.length > 0 ? (
                        <span title={item.assignees.map((user) => user.fullName).join(', ')}>
                          {assigneeNames(item)}
                        </span>
                      ) : (
                        <span className="cases-table__muted">Unassigned</span>
                      )}
                    </TableCell>
                    <TableCell {...cell(5)}>
                      {item.entryCount?.toLocaleString('en-US') ?? EMPTY_CELL}
                    </TableCell>
                    <TableCell {...cell(6)}>
                      <time dateTime={item.lastActivityAt}>{formatDateTime(item.lastActivityAt)}</time>
                    </TableCell>
                    <TableCell {...cell(7)} className="cds--table-column-menu">
                      <RowActionsMenu
                        label={`#${item.number} ${item.title}`}
                        actions={props.actionsFor(item)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {props.pagination}
        </TableContainer>
      )}
    </DataTable>
  );
}
