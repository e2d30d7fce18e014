import './stacked-table.scss';
import { ACTIONS_COLUMN_KEY } from './data-table-types';

/** The TableContainer class that turns rows into cards on a phone (stacked-table.scss). */
export const STACKED_TABLE_CLASS = 'stacked-table';
/** The class of a data row: a card on a phone. */
export const STACKED_ROW_CLASS = 'stacked-table__row';

/**
 * A data cell's part in its card on a phone: the first column is the card's title, the actions column
 * (a menu or buttons) has no label, every other value is labelled with its column header.
 */
export function stackedCellProps(
  index: number,
  column: { key: string; header: string } | undefined,
): { className?: string; 'data-label'?: string } {
  if (index === 0) return { className: 'stacked-table__primary' };
  if (column?.key === ACTIONS_COLUMN_KEY) return { className: 'stacked-table__actions' };
  return { 'data-label': column?.header };
}
