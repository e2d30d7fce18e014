import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
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
  const writeSearch = useCallback(
    (search: string) =>
      setSearchParams((current) => writeCaseListParams(current, { search }), { replace: true }),
    [setSearchParams],
  );
  const [searchText, setSearchText] = useUrlSearchText(params.search, writeSearch);

  const update = useCallback(
    (changes: Partial<CaseListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeCaseListParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => clearCaseFilters(current));
  }, [setSearchParams, setSearchText]);

  return { params, hasFilters: hasCaseFilters(params), searchText, setSearchText, update, clearFilters };
}
