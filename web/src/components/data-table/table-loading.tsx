import { DataTableSkeleton } from '@carbon/react';

interface TableLoadingProps {
  /** The list's column headers, drawn over the skeleton rows. */
  headers: { key: string; header: string }[];
  columnCount: number;
  rowCount: number;
}

/**
 * The rows of a list still loading, drawn inside its table container under the real toolbar. The
 * toolbar stays mounted from one load to the next, so a search box keeps its text and its focus even
 * when a load has nothing to keep on screen (the first one, or the one after a failure).
 */
export function TableLoading({ headers, columnCount, rowCount }: TableLoadingProps) {
  return (
    <DataTableSkeleton
      headers={headers}
      columnCount={columnCount}
      rowCount={rowCount}
      showHeader={false}
      showToolbar={false}
    />
  );
}
