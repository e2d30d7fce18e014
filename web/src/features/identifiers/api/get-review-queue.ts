import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReviewQueueParams } from '../utils/review-queue-params';
import type { ReviewQueue } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `GET /api/identifiers/review-queue`: one page of identifiers with the review status asked for. */
export function getReviewQueue(params: ReviewQueueParams, signal?: AbortSignal): Promise<ReviewQueue> {
  return api.get<ReviewQueue>('/identifiers/review-queue', {
    params: { ...reviewQueueFilters(params), page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/** The queue's filters and order as the API reads them (also the CSV download's). */
export function reviewQueueFilters(params: ReviewQueueParams) {
  return {
    status: params.status,
    type: params.type || undefined,
    reportedBy: params.reportedBy || undefined,
    sort: params.sort,
  };
}

export function reviewQueueQueryOptions(params: ReviewQueueParams) {
  return queryOptions({
    queryKey: identifierKeys.reviewQueue(params),
    queryFn: ({ signal }) => getReviewQueue(params, signal),
    // The previous page stays on screen while the next one loads, instead of a flash of skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useReviewQueue(params: ReviewQueueParams) {
  return useQuery(reviewQueueQueryOptions(params));
}
