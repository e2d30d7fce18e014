import { useCallback, useMemo } from 'react';
import { useReadableFilters } from '../../../lib/list-filter-access';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
import {
  paramName,
  readEvidenceParams,
  writeEvidenceParams,
  type EvidenceListParams,
} from './evidence-list-params';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/**
 * The evidence list's state, kept in the URL so a view can be shared and survives Back: filters, page,
 * page size and the open detail. `prefix` namespaces the parameters (see paramName). The search box
 * writes to the URL 300 ms after the last keystroke. A filter by a case or tag the reader may not see is
 * removed (`removedFilters` names it).
 */
export function useEvidenceListState(prefix: string) {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const urlParams = useMemo(() => readEvidenceParams(searchParams, prefix), [searchParams, prefix]);
  const openParam = paramName(prefix, 'open');
  const openId = searchParams.get(openParam);
  const writeSearch = useCallback(
    (search: string) =>
      setSearchParams((current) => writeEvidenceParams(current, prefix, { search }), { replace: true }),
    [setSearchParams, prefix],
  );
  const update = useCallback(
    (changes: Partial<EvidenceListParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeEvidenceParams(current, prefix, changes), options),
    [setSearchParams, prefix],
  );
  // A case or tag the reader may not see is no filter of theirs: left out of the request and the URL.
  const { params, removed, dismissRemoved } = useReadableFilters(urlParams, (changes) =>
    update(changes, { replace: true }),
  );
  const [searchText, setSearchText] = useUrlSearchText(params.search, writeSearch);

  const clearFilters = useCallback(() => {
    setSearchText('');
    setSearchParams((current) =>
      writeEvidenceParams(current, prefix, { search: '', caseId: '', tagId: '', kind: '', page: 1 }),
    );
  }, [setSearchParams, setSearchText, prefix]);

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

  return {
    params,
    searchText,
    setSearchText,
    update,
    clearFilters,
    openId,
    setOpenId,
    detailSearch,
    removedFilters: removed,
    dismissRemovedFilters: dismissRemoved,
  };
}
