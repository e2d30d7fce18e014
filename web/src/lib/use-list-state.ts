import { useCallback, useState } from 'react';
import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';
import { useUrlSearchText } from './use-url-search-text';
import { useLiveSearchParams } from './use-live-search-params';

/** What a list's URL says beyond its own keys is left as it is (a screen's tab, an open detail). */
type Changes = Record<string, string | number>;

const PAGE_KEYS = ['page', 'pageSize'];

/**
 * `current` with `changes` written: a value at its default is left out, so a list at rest has a
 * clean URL; any change but the page's goes back to page 1.
 */
function writeParams(current: URLSearchParams, changes: Changes, defaults: Changes): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text === String(defaults[key] ?? '')) next.delete(key);
    else next.set(key, text);
  }
  if (!Object.keys(changes).some((key) => PAGE_KEYS.includes(key))) next.delete('page');
  return next;
}

/**
 * The state of a server-side list, kept in the URL so that Back, a reload or a shared link shows the
 * same view: its search (`search`), its filters (their own keys, '' when unset) and its page (`page`,
 * `pageSize`). Changing the search or a filter goes back to page 1. A filter's value that the URL
 * gives but `allowed` does not list reads as unset. `params` is what the list's query takes (the
 * search trimmed, written to the URL 300 ms after the last keystroke); `toolbar` and `pagination` are
 * the props of ListToolbar and ListPagination.
 */
export function useListState<F extends Record<string, string>>(
  initialFilters: F,
  allowed: { [K in keyof F]?: readonly F[K][] } = {},
) {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const search = (searchParams.get('search') ?? '').trim();
  const { page, pageSize } = pageFromUrl(searchParams.get('page'), searchParams.get('pageSize'));
  const filters = { ...initialFilters };
  for (const key of Object.keys(initialFilters) as (keyof F & string)[]) {
    const value = searchParams.get(key);
    const values = allowed[key];
    if (value !== null && (!values || values.includes(value as F[typeof key]))) {
      filters[key] = value as F[typeof key];
    }
  }
  // The first render's: what a list at rest leaves out of its URL.
  const [defaults] = useState<Changes>(() => ({
    search: '',
    page: 1,
    pageSize: LIST_PAGE_SIZES[0],
    ...initialFilters,
  }));
  const update = useCallback(
    (changes: Changes, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeParams(current, changes, defaults), options),
    [setSearchParams, defaults],
  );
  const writeSearch = useCallback((next: string) => update({ search: next }, { replace: true }), [update]);
  const [searchText, setSearchText] = useUrlSearchText(search, writeSearch);
  const hasFilters = Boolean(searchText.trim() || Object.values(filters).some(Boolean));
  const filterable = Object.keys(initialFilters).length > 0;

  function setFilter<K extends keyof F & string>(key: K, value: F[K]) {
    update({ [key]: value });
  }

  return {
    filters,
    setFilter,
    hasFilters,
    params: { search, ...filters, page, pageSize },
    toolbar: {
      search: searchText,
      onSearchChange: setSearchText,
      // "Clear filters" is offered only by lists with filters besides the search.
      ...(filterable && {
        filterCount: Object.values(filters).filter(Boolean).length,
        hasFilters,
        onClearFilters: () => {
          setSearchText('');
          update({ search: '', ...initialFilters });
        },
      }),
    },
    pagination: {
      page,
      pageSize,
      onChange: (nextPage: number, nextSize: number) => update({ page: nextPage, pageSize: nextSize }),
    },
  };
}
