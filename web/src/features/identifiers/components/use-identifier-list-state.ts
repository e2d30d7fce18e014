import { useCallback, useMemo } from 'react';
import { useOpenParam } from './use-open-param';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
import {
  clearListFilters,
  readListParams,
  writeListParams,
  type IdentifierListParams,
} from '../utils/list-params';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/**
 * The identifier list's state, kept in the URL so a view can be shared: filters, page, page size
 * and the open detail. The search box writes to the URL 300 ms after the last keystroke.
 */
export function useIdentifierListState() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const { openId, setOpenId, detailSearch } = useOpenParam(searchParams, setSearchParams);
  const writeSearch = useCallback(
    (search: string) => setSearchParams((current) => writeListParams(current, { search }), { replace: true }),
    [setSearchParams],
  );
  const [searchText, setSearchText] = useUrlSearchText(params.search, writeSearch);

  const update = useCallback(
    (changes: Partial<IdentifierListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeListParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => clearListFilters(current));
  }, [setSearchParams, setSearchText]);

  return { params, searchText, setSearchText, update, clearFilters, openId, setOpenId, detailSearch };
}
