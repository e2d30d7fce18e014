import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { OPEN_PARAM } from '../utils/list-params';
import {
  clearReviewQueueFilters,
  hasReviewQueueFilters,
  readReviewQueueParams,
  writeReviewQueueParams,
  type ReviewQueueParams,
} from '../utils/review-queue-params';

/**
 * The validation queue's state, kept in the URL so a view can be shared and Back returns to it: status,
 * filters, sort, page, page size and the identifier under review (`open`).
 */
export function useReviewQueueState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readReviewQueueParams(searchParams), [searchParams]);
  const openId = searchParams.get(OPEN_PARAM);

  const update = useCallback(
    (changes: Partial<ReviewQueueParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeReviewQueueParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(
    () => setSearchParams((current) => clearReviewQueueFilters(current)),
    [setSearchParams],
  );

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

  /** The link that opens an identifier's review from the current view. */
  const detailSearch = useCallback(
    (id: string) => {
      const next = new URLSearchParams(searchParams);
      next.set(OPEN_PARAM, id);
      return `?${next.toString()}`;
    },
    [searchParams],
  );

  return {
    params,
    hasFilters: hasReviewQueueFilters(params),
    update,
    clearFilters,
    openId,
    setOpenId,
    detailSearch,
  };
}
