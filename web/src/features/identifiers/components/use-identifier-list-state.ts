import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearListFilters,
  OPEN_PARAM,
  readListParams,
  SEARCH_DEBOUNCE_MS,
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
  const [searchText, setSearchText] = useState(params.search);
  // The search this screen wrote itself: its echo from the URL must not overwrite newer typing.
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current === params.search) {
      written.current = null;
      return;
    }
    // Changed from outside: the header search, Back, a shared link.
    setSearchText(params.search);
  }, [params.search]);

  useEffect(() => {
    const next = searchText.trim();
    if (next === params.search) return;
    const timer = setTimeout(() => {
      written.current = next;
      setSearchParams((current) => writeListParams(current, { search: next }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, params.search, setSearchParams]);

  const update = useCallback(
    (changes: Partial<IdentifierListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeListParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) => clearListFilters(current));
  }, [setSearchParams]);

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
