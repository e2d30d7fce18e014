import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-debounced-value';
import {
  clearCaseFilters,
  hasCaseFilters,
  readCaseListParams,
  writeCaseListParams,
  type CaseListParams,
} from './cases-list-params';

/**
 * The case list's state, kept in the URL so a view can be shared and Back returns to it: search,
 * filters, sort, page and page size. The search box writes to the URL 300 ms after the last keystroke.
 */
export function useCasesListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readCaseListParams(searchParams), [searchParams]);
  const [searchText, setSearchText] = useState(params.search);
  // The search this screen wrote itself: its echo from the URL must not overwrite newer typing.
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current === params.search) {
      written.current = null;
      return;
    }
    // Changed from outside: Back, a shared link, Clear filters.
    setSearchText(params.search);
  }, [params.search]);

  useEffect(() => {
    const next = searchText.trim();
    if (next === params.search) return;
    const timer = setTimeout(() => {
      written.current = next;
      setSearchParams((current) => writeCaseListParams(current, { search: next }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, params.search, setSearchParams]);

  const update = useCallback(
    (changes: Partial<CaseListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeCaseListParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => clearCaseFilters(current));
  }, [setSearchParams]);

  return { params, hasFilters: hasCaseFilters(params), searchText, setSearchText, update, clearFilters };
}
