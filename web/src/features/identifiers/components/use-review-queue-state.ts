import { useCallback, useMemo } from 'react';
import { useOpenParam } from './use-open-param';
import {
  clearReviewQueueFilters,
  hasReviewQueueFilters,
  readReviewQueueParams,
  writeReviewQueueParams,
  type ReviewQueueParams,
} from '../utils/review-queue-params';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/**
 * The validation queue's state, kept in the URL so a view can be shared and Back returns to it: status,
 * filters, sort, page, page size and the identifier under review (`open`).
 */
export function useReviewQueueState() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const params = useMemo(() => readReviewQueueParams(searchParams), [searchParams]);
  const { openId, setOpenId, detailSearch } = useOpenParam(searchParams, setSearchParams);

  const update = useCallback(
    (changes: Partial<ReviewQueueParams>, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeReviewQueueParams(current, changes), options),
    [setSearchParams],
  );

  const clearFilters = useCallback(
    () => setSearchParams((current) => clearReviewQueueFilters(current)),
    [setSearchParams],
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
