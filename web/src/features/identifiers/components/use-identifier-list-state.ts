import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
import {
  clearListFilters,
  OPEN_PARAM,
  readListParams,
  writeListParams,
  type IdentifierListParams,
} from '../utils/list-params';

/**
 * The identifier list's state, kept in the URL so a view can be shared: filters, page, page size
 * and the open detail. The search box writes to the URL 300 ms after the last keystroke.
 */
export function useIdentifierListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const openId = searchParams.get(OPEN_PARAM);
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

  const setOpenId = useCallback(
    (id: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(OPEN_PARAM, id);
        else next.delete(OPEN_PARAM);
        return next;
      }),
    [setSearchParams],
  );

  /** The link that opens an identifier's detail from the current view. */
  const detailSearch = useCallback(
    (id: string) => {
      const next = new URLSearchParams(searchParams);
      next.set(OPEN_PARAM, id);
      return `?${next.toString()}`;
    },
    [searchParams],
  );

  return { params, searchText, setSearchText, update, clearFilters, openId, setOpenId, detailSearch };
}
