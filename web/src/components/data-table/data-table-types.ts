import type { ComponentType, ReactNode } from 'react';

/**
 * The column of a row's own actions (a RowActionsMenu, a Remove button): on a phone its cell has no label,
 * and a menu sits in the card's corner.
 */
export const ACTIONS_COLUMN_KEY = 'actions';

/** The column definition: `key` names the row field, `header` is the column title. */
export interface TableColumn {
  key: string;
  header: string;
  /** Defaults to the table's `sortable`. */
  sortable?: boolean;
}

/** A row: an id plus primitive cell values (which Carbon sorts and searches). */
export type TableRowData = { id: string } & Record<string, string | number | boolean | null | undefined>;

/** An entry of the row's overflow menu. */
export interface RowAction<Row extends TableRowData> {
  label: string;
  onClick: (row: Row) => void;
  /** Danger style, separated by a divider. */
  isDelete?: boolean;
}

/** An action on the selected rows, shown in the toolbar once rows are selected. */
export interface BatchAction<Row extends TableRowData> {
  label: string;
  icon?: ComponentType;
  onClick: (rows: Row[]) => void;
}

/** The generic table properties of spec 3. */
export interface AppDataTableProps<Row extends TableRowData> {
  headers: TableColumn[];
  rows: Row[];
  title?: string;
  description?: string;
  /** Column sorting (ascending, descending, none), on by default. */
  sortable?: boolean;
  /** Rows expand to show this content. */
  renderExpandedRow?: (row: Row) => ReactNode;
  batchActions?: BatchAction<Row>[];
  /** Row actions in an overflow menu at the end of each row. */
  overflowMenu?: RowAction<Row>[];
  stickyHeader?: boolean;
  /** Split the rows into pages, on by default. */
  paginate?: boolean;
  pageSize?: number;
  pageSizes?: number[];
  /** Show a skeleton instead of rows. */
  loading?: boolean;
  /** A toolbar search over all cell values. */
  searchable?: boolean;
  /** Custom rendering of a column's cells; the row value is still what sorts and searches. */
  renderCell?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** How a row is named to assistive technology (e.g. "Actions for Jane Doe"); the id by default. */
  rowLabel?: (row: Row) => string;
  /** Shown instead of the table body when there are no rows. */
  emptyState?: ReactNode;
}

/** Page sizes of the generic table (spec 9). */
export const TABLE_PAGE_SIZE = 10;
export const TABLE_PAGE_SIZES = [10, 20, 30, 40, 50];
