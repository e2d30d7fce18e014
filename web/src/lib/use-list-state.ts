import { useState } from 'react';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The state of a server-side list: its search, its filters ('' when unset) and its page. Changing the
 * search or a filter goes back to page 1. `params` is what the list's query takes (the search debounced
 * and trimmed); `toolbar` and `pagination` are the props of ListToolbar and ListPagination.
 */
export function useListState<F extends Record<string, string>>(initialFilters: F) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LIST_PAGE_SIZES[0]);
  const debouncedSearch = useDebouncedValue(search.trim());
  const hasFilters = Boolean(search.trim() || Object.values(filters).some(Boolean));
  const filterable = Object.keys(initialFilters).length > 0;

  function setFilter<K extends keyof F>(key: K, value: F[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }

  return {
    filters,
    setFilter,
    hasFilters,
    params: { search: debouncedSearch, ...filters, page, pageSize },
    toolbar: {
      search,
      onSearchChange: (value: string) => {
        setSearch(value);
        setPage(1);
      },
      // "Clear filters" is offered only by lists with filters besides the search.
      ...(filterable && {
        hasFilters,
        onClearFilters: () => {
          setSearch('');
          setFilters(initialFilters);
          setPage(1);
        },
      }),
    },
    pagination: {
      page,
      pageSize,
      onChange: (nextPage: number, nextSize: number) => {
        setPage(nextPage);
        setPageSize(nextSize);
      },
    },
  };
}
