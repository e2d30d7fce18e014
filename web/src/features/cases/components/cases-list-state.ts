import { useCallback, useMemo } from 'react';
import { useReadableFilters } from '../../../lib/list-filter-access';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
import {
  clearCaseFilters,
  hasCaseFilters,
  readCaseListParams,
  writeCaseListParams,
  type CaseListParams,
} from './cases-list-params';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/**
 * The case list's state, kept in the URL so a view can be shared and Back returns to it: search,
 * filters, sort, page and page size. The search box writes to the URL 300 ms after the last keystroke.
 * A filter by a tag or group the reader may not see is removed (`removedFilters` names it).
 */
export function useCasesListState() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const urlParams = useMemo(() => readCaseListParams(searchParams), [searchParams]);
  const writeSearch = useCallback(
    (search: string) =>
      setSearchParams((current) => writeCaseListParams(current, { search }), { replace: true }),
    [setSearchParams],
  );
  const update = useCallback(
    (changes: Partial<CaseListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeCaseListParams(current, changes), options),
    [setSearchParams],
  );
  // A tag or group the reader may not see is no filter of theirs: left out of the request and the URL.
  const { params, removed, dismissRemoved } = useReadableFilters(urlParams, (changes) =>
    update(changes, { replace: true }),
  );
  const [searchText, setSearchText] = useUrlSearchText(params.search, writeSearch);

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => clearCaseFilters(current));
  }, [setSearchParams, setSearchText]);

  return {
    params,
    hasFilters: hasCaseFilters(params),
    searchText,
    setSearchText,
    update,
    clearFilters,
    removedFilters: removed,
    dismissRemovedFilters: dismissRemoved,
  };
}
