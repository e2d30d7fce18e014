import { DataTableSkeleton, SkeletonText } from '@carbon/react';
import { ACTIONS_COLUMN_KEY } from './data-table-types';
import './table-loading.scss';

interface TableLoadingProps {
  /** The list's column headers, drawn over the skeleton rows (and naming a card's values on a phone). */
  headers: { key: string; header: string }[];
  columnCount: number;
  rowCount: number;
  /** Carbon's title and toolbar placeholders, for a table that draws its own (AppDataTable). */
  showHeader?: boolean;
  showToolbar?: boolean;
}

/**
 * The rows of a list still loading, in the shape they will load in: from md up Carbon's table skeleton,
 * below md (where stacked-table.scss turns each row into a card) one card per row, its title line and
 * its columns' labels beside their values' placeholders (table-loading.scss switches at the same
 * breakpoint). Every list's skeleton is this one. Drawn inside the table container under the real
 * toolbar, it leaves the toolbar mounted from one load to the next, so a search box keeps its text and
 * its focus even when a load has nothing to keep on screen (the first one, or the one after a failure).
 */
export function TableLoading({
  headers,
  columnCount,
  rowCount,
  showHeader = false,
  showToolbar = false,
}: TableLoadingProps) {
  // As a card labels them: the first column is its title, the actions column has no label.
  const labels = headers
    .filter((column) => column.key !== ACTIONS_COLUMN_KEY)
    .slice(1)
    .map((column) => column.header);
  return (
    <div className="table-loading">
      <DataTableSkeleton
        headers={headers}
        columnCount={columnCount}
        rowCount={rowCount}
        showHeader={showHeader}
        showToolbar={showToolbar}
      />
      {/* Placeholders and the column names again, ten times over: nothing for assistive technology. */}
      <ul className="table-loading__cards" aria-hidden="true">
        {Array.from({ length: rowCount }, (_, row) => (
          <li key={row} className="table-loading__card">
            <SkeletonText heading width="60%" className="table-loading__title" />
            {labels.map((label) => (
              <div key={label} className="table-loading__field">
                <span className="table-loading__label">{label}</span>
                <SkeletonText width="70%" className="table-loading__value" />
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
