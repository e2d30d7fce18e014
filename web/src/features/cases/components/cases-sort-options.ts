import type { CaseSort } from '@scamtrail/domain/case-labels';
import type { CaseListParams, SortDirection } from './cases-list-params';

export interface CaseSortOption {
  sort: CaseSort;
  direction: SortDirection;
  text: string;
}

/** The orders the list offers; the first is the default (the most recently active case first). */
export const CASE_SORT_OPTIONS: readonly CaseSortOption[] = [
  { sort: 'updatedAt', direction: 'desc', text: 'Last activity, newest first' },
  { sort: 'updatedAt', direction: 'asc', text: 'Last activity, oldest first' },
  { sort: 'createdAt', direction: 'desc', text: 'Created, newest first' },
  { sort: 'createdAt', direction: 'asc', text: 'Created, oldest first' },
  { sort: 'priority', direction: 'desc', text: 'Priority, highest first' },
  { sort: 'priority', direction: 'asc', text: 'Priority, lowest first' },
  { sort: 'relevance', direction: 'desc', text: 'Best match: title, then description' },
];

export function sortOptionOf(params: Pick<CaseListParams, 'sort' | 'direction'>): CaseSortOption {
  return (
    CASE_SORT_OPTIONS.find(
      (option) => option.sort === params.sort && option.direction === params.direction,
    ) ?? CASE_SORT_OPTIONS[0]
  );
}
