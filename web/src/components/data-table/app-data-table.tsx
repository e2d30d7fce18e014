import {
  DataTable,
  OverflowMenu,
  OverflowMenuItem,
  Pagination,
  Table,
  TableBatchAction,
  TableBatchActions,
  TableBody,
  TableCell,
  TableContainer,
  TableExpandedRow,
  TableExpandHeader,
  TableExpandRow,
  TableHead,
  TableHeader,
  TableRow,
  TableSelectAll,
  TableSelectRow,
  TableToolbar,
  TableToolbarContent,
  TableToolbarSearch,
} from '@carbon/react';
import { useMemo, useState } from 'react';
import {
  TABLE_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  type AppDataTableProps,
  type TableRowData,
} from './data-table-types';
import { itemRangeText } from '../../lib/format';
import { TableLoading } from './table-loading';
import { STACKED_ROW_CLASS, STACKED_TABLE_CLASS, stackedCellProps } from './stacked-table';

/**
 * Carbon's DataTable with the product's defaults: sorting, a toolbar search, batch actions, a row
 * overflow menu, expandable rows and pagination (10 a page; 10 to 50). Sorting and search apply to
 * all rows, then the current page is cut from the result. On a phone each row is a card
 * (stacked-table.scss): the first column is its title, the others are labelled by their headers.
 */
export function AppDataTable<Row extends TableRowData>(props: AppDataTableProps<Row>) {
  const {
    headers,
    rows,
    title,
    description,
    sortable = true,
    renderExpandedRow,
    batchActions = [],
    overflowMenu = [],
    stickyHeader = false,
    paginate = true,
    pageSize: initialPageSize = TABLE_PAGE_SIZE,
    pageSizes = TABLE_PAGE_SIZES,
    loading = false,
    searchable = false,
    renderCell = {},
    rowLabel = (row: Row) => row.id,
    emptyState,
  } = props;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const rowsById = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const columnByKey = useMemo(() => new Map(headers.map((column) => [column.key, column])), [headers]);
  const carbonHeaders = useMemo(
    () =>
      headers.map((column) => ({
        key: column.key,
        header: column.header,
        isSortable: column.sortable ?? sortable,
      })),
    [headers, sortable],
  );
  const hasSelection = batchActions.length > 0;
  const hasRowActions = overflowMenu.length > 0;
  const columnCount =
    headers.length + (hasSelection ? 1 : 0) + (hasRowActions ? 1 : 0) + (renderExpandedRow ? 1 : 0);

  if (loading) {
    return (
      <TableLoading
        headers={headers}
        rowCount={pageSize}
        columnCount={headers.length}
        showHeader
        showToolbar
      />
    );
  }

  return (
    <DataTable rows={rows} headers={carbonHeaders} isSortable={sortable} stickyHeader={stickyHeader}>
      {({
        rows: tableRows,
        headers: tableHeaders,
        selectedRows,
        getHeaderProps,
        getRowProps,
        getSelectionProps,
        getBatchActionProps,
        getToolbarProps,
        getTableProps,
        getTableContainerProps,
        getExpandHeaderProps,
        onInputChange,
      }) => {
        const batchProps = getBatchActionProps();
        const pageCount = Math.max(1, Math.ceil(tableRows.length / pageSize));
        const currentPage = Math.min(page, pageCount);
        const visibleRows = paginate
          ? tableRows.slice((currentPage - 1) * pageSize, currentPage * pageSize)
          : tableRows;
        const selected = selectedRows.map((row) => rowsById.get(row.id)).filter((row): row is Row => !!row);

        return (
          <TableContainer
            title={title}
            description={description}
            {...getTableContainerProps()}
            className={STACKED_TABLE_CLASS}
          >
            {(hasSelection || searchable) && (
              <TableToolbar {...getToolbarProps()}>
                {hasSelection && (
                  <TableBatchActions {...batchProps}>
                    {batchActions.map((action) => (
                      <TableBatchAction
                        key={action.label}
                        tabIndex={batchProps.shouldShowBatchActions ? 0 : -1}
                        renderIcon={action.icon}
                        onClick={() => action.onClick(selected)}
                      >
                        {action.label}
                      </TableBatchAction>
                    ))}
                  </TableBatchActions>
                )}
                {searchable && (
                  <TableToolbarContent aria-hidden={batchProps.shouldShowBatchActions}>
                    <TableToolbarSearch
                      persistent
                      tabIndex={batchProps.shouldShowBatchActions ? -1 : 0}
                      onChange={(event, value) => {
                        setPage(1);
                        onInputChange(event, value);
                      }}
                    />
                  </TableToolbarContent>
                )}
              </TableToolbar>
            )}
            <Table {...getTableProps()} aria-label={title ?? 'Data table'}>
              <TableHead>
                <TableRow>
                  {renderExpandedRow && <TableExpandHeader {...getExpandHeaderProps()} />}
                  {hasSelection && <TableSelectAll {...getSelectionProps()} />}
                  {tableHeaders.map((header) => {
                    const { key, ...headerProps } = getHeaderProps({ header });
                    return (
                      <TableHeader key={key} {...headerProps}>
                        {header.header}
                      </TableHeader>
                    );
                  })}
                  {hasRowActions && (
                    <TableHeader>
                      <span className="cds--visually-hidden">Actions</span>
                    </TableHeader>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {visibleRows.length === 0 && emptyState && (
                  <TableRow>
                    <TableCell colSpan={columnCount}>{emptyState}</TableCell>
                  </TableRow>
                )}
                {visibleRows.map((tableRow) => {
                  // Carbon's DataTable takes new rows one render late: a row just gone from `rows`
                  // (a new page or search) may still be listed once. Skip it rather than render nothing.
                  const row = rowsById.get(tableRow.id);
                  if (!row) return null;
                  const { key, ...rowProps } = getRowProps({ row: tableRow });
                  const cells = (
                    <>
                      {hasSelection && <TableSelectRow {...getSelectionProps({ row: tableRow })} />}
                      {tableRow.cells.map((cell, index) => {
                        const render = renderCell[cell.info.header];
                        return (
                          <TableCell
                            key={cell.id}
                            {...stackedCellProps(index, columnByKey.get(cell.info.header))}
                          >
                            {render ? render(row) : cell.value}
                          </TableCell>
                        );
                      })}
                      {hasRowActions && (
                        <TableCell className="cds--table-column-menu">
                          <OverflowMenu
                            size="sm"
                            flipped
                            iconDescription={`Actions for ${rowLabel(row)}`}
                            aria-label={`Actions for ${rowLabel(row)}`}
                          >
                            {overflowMenu.map((action) => (
                              <OverflowMenuItem
                                key={action.label}
                                itemText={action.label}
                                isDelete={action.isDelete}
                                hasDivider={action.isDelete}
                                onClick={() => action.onClick(row)}
                              />
                            ))}
                          </OverflowMenu>
                        </TableCell>
                      )}
                    </>
                  );
                  if (!renderExpandedRow) {
                    return (
                      <TableRow key={key} className={STACKED_ROW_CLASS}>
                        {cells}
                      </TableRow>
                    );
                  }
                  return [
                    <TableExpandRow
                      key={key}
                      {...rowProps}
                      className={STACKED_ROW_CLASS}
                      aria-label={rowProps['aria-label'] ?? rowLabel(row)}
                    >
                      {cells}
                    </TableExpandRow>,
                    tableRow.isExpanded && (
                      <TableExpandedRow key={`${key}-expanded`} colSpan={columnCount}>
                        {renderExpandedRow(row)}
                      </TableExpandedRow>
                    ),
                  ];
                })}
              </TableBody>
            </Table>
            {paginate && (
              <Pagination
                page={currentPage}
                pageSize={pageSize}
                pageSizes={pageSizes}
                totalItems={tableRows.length}
                itemRangeText={itemRangeText}
                onChange={({ page: nextPage, pageSize: nextPageSize }) => {
                  setPage(nextPage);
                  setPageSize(nextPageSize);
                }}
              />
            )}
          </TableContainer>
        );
      }}
    </DataTable>
  );
}
