import {
  DataTable,
  Link,
  OverflowMenu,
  OverflowMenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@carbon/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  STACKED_ROW_CLASS,
  STACKED_TABLE_CLASS,
  stackedCellProps,
} from '../../../components/data-table/stacked-table';
import { TableLoading } from '../../../components/data-table/table-loading';
import type { IdentifierItem } from '../api/identifier-types';
import { formatCount, formatDate } from '../../../lib/format';
import { OriginatorCell } from './originator-cell';

const HEADERS = [
  { key: 'identifier', header: 'Identifier' },
  { key: 'evidence', header: 'Evidence' },
  { key: 'originator', header: 'Originator' },
  { key: 'date', header: 'Date' },
];

interface IdentifiersTableProps {
  items: IdentifierItem[];
  /** First load: a skeleton instead of rows. */
  isLoading: boolean;
  pageSize: number;
  toolbar: ReactNode;
  emptyState: ReactNode;
  pagination: ReactNode;
  /** The link (search part) that opens an identifier's detail. */
  detailSearch: (id: string) => string;
  canEdit: boolean;
  canDelete: boolean;
  onView: (item: IdentifierItem) => void;
  onEdit: (item: IdentifierItem) => void;
  onDelete: (item: IdentifierItem) => void;
}

/** The identifier list (spec 2.3): Identifier, Evidence, Originator, Date, and a row menu. */
export function IdentifiersTable(props: IdentifiersTableProps) {
  const { items, isLoading, toolbar, emptyState, pagination } = props;
  const byId = new Map(items.map((item) => [item.id, item]));
  const rows = items.map((item) => ({
    id: item.id,
    identifier: item.displayValue,
    evidence: formatCount(item.evidenceCount),
    originator: item.originator?.displayName ?? '',
    date: formatDate(item.createdAt),
  }));

  return (
    <DataTable rows={rows} headers={HEADERS} size="lg">
      {({ rows: tableRows, headers, getHeaderProps, getRowProps, getTableProps, getTableContainerProps }) => (
        <TableContainer {...getTableContainerProps()} className={`identifiers-table ${STACKED_TABLE_CLASS}`}>
          {toolbar}
          {isLoading ? (
            <TableLoading
              headers={HEADERS}
              columnCount={HEADERS.length + 1}
              rowCount={Math.min(props.pageSize, 10)}
            />
          ) : (
            <>
              <Table {...getTableProps()} aria-label="Identifiers">
                <TableHead>
                  <TableRow>
                    {headers.map((header) => {
                      const { key, ...headerProps } = getHeaderProps({ header });
                      return (
                        <TableHeader key={key} {...headerProps}>
                          {header.header}
                        </TableHeader>
                      );
                    })}
                    <TableHeader>
                      <span className="cds--visually-hidden">Actions</span>
                    </TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={HEADERS.length + 1} className="identifiers-table__empty">
                        {emptyState}
                      </TableCell>
                    </TableRow>
                  )}
                  {tableRows.map((tableRow) => {
                    // DataTable syncs its row state after a render: skip rows of the previous page.
                    const item = byId.get(tableRow.id);
                    if (!item) return null;
                    const { key, ...rowProps } = getRowProps({ row: tableRow });
                    return (
                      <TableRow key={key} {...rowProps} className={STACKED_ROW_CLASS}>
                        <TableCell {...stackedCellProps(0, HEADERS[0])}>
                          <Link
                            as={RouterLink}
                            to={{ search: props.detailSearch(item.id) }}
                            className="identifiers-table__value"
                          >
                            {item.displayValue}
                          </Link>
                        </TableCell>
                        <TableCell {...stackedCellProps(1, HEADERS[1])}>
                          {formatCount(item.evidenceCount)}
                        </TableCell>
                        <TableCell {...stackedCellProps(2, HEADERS[2])}>
                          <OriginatorCell originator={item.originator} />
                        </TableCell>
                        <TableCell {...stackedCellProps(3, HEADERS[3])} className="identifiers-table__date">
                          {formatDate(item.createdAt)}
                        </TableCell>
                        <TableCell className="cds--table-column-menu">
                          <OverflowMenu
                            size="md"
                            flipped
                            iconDescription={`Actions for ${item.displayValue}`}
                            aria-label={`Actions for ${item.displayValue}`}
                          >
                            <OverflowMenuItem itemText="View details" onClick={() => props.onView(item)} />
                            {props.canEdit && (
                              <OverflowMenuItem itemText="Edit" onClick={() => props.onEdit(item)} />
                            )}
                            {props.canDelete && (
                              <OverflowMenuItem
                                itemText="Delete"
                                isDelete
                                hasDivider
                                onClick={() => props.onDelete(item)}
                              />
                            )}
                          </OverflowMenu>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              {pagination}
            </>
          )}
        </TableContainer>
      )}
    </DataTable>
  );
}
