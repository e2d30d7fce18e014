import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-debounced-value';
import {
  paramName,
  readEvidenceParams,
  writeEvidenceParams,
  type EvidenceListParams,
} from './evidence-list-params';

/**
 * The evidence list's state, kept in the URL so a view can be shared and survives Back: filters, page,
 * page size and the open detail. `prefix` namespaces the parameters (see paramName). The search box
 * writes to the URL 300 ms after the last keystroke.
 */
export function useEvidenceListState(prefix: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readEvidenceParams(searchParams, prefix), [searchParams, prefix]);
  const openParam = paramName(prefix, 'open');
  const openId = searchParams.get(openParam);
  const [searchText, setSearchText] = useState(params.search);
  // The search this list wrote itself: its echo from the URL must not overwrite newer typing.
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current === params.search) {
      written.current = null;
      return;
    }
    setSearchText(params.search);
  }, [params.search]);

  useEffect(() => {
    const next = searchText.trim();
    if (next === params.search) return;
    const timer = setTimeout(() => {
      written.current = next;
      setSearchParams((current) => writeEvidenceParams(current, prefix, { search: next }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, params.search, setSearchParams, prefix]);

  const update = useCallback(
    (changes: Partial<EvidenceListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeEvidenceParams(current, prefix, changes), options),
    [setSearchParams, prefix],
  );

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) =>
      writeEvidenceParams(current, prefix, { search: '', caseId: '', tagId: '', kind: '', page: 1 }),
    );
  }, [setSearchParams, prefix]);

  const setOpenId = useCallback(
    (id: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(openParam, id);
        else next.delete(openParam);
        return next;
      }),
    [setSearchParams, openParam],
  );

  /** The link (search part) that opens an item's detail from the current view. */
  const detailSearch = useCallback(
    (id: string) => {
      const next = new URLSearchParams(searchParams);
      next.set(openParam, id);
      return `?${next.toString()}`;
    },
    [searchParams, openParam],
  );

  return { params, searchText, setSearchText, update, clearFilters, openId, setOpenId, detailSearch };
}
