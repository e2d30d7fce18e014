import { useCallback } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { OPEN_PARAM } from '../utils/list-params';

/**
 * The identifier whose dialog is open (`?open=id`) in a list kept in the URL: the id, a setter, and the
 * link that opens an identifier's dialog from the current view, so Back closes it and a view can be shared.
 */
export function useOpenParam(searchParams: URLSearchParams, setSearchParams: SetURLSearchParams) {
  const openId = searchParams.get(OPEN_PARAM);

  const setOpenId = useCallback(
    (id: string | null, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(OPEN_PARAM, id);
        else next.delete(OPEN_PARAM);
        return next;
      }, options),
    [setSearchParams],
  );

  const detailSearch = useCallback(
    (id: string) => {
      const next = new URLSearchParams(searchParams);
      next.set(OPEN_PARAM, id);
      return `?${next.toString()}`;
    },
    [searchParams],
  );

  return { openId, setOpenId, detailSearch };
}
