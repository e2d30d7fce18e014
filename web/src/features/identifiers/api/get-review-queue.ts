import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReviewQueueParams } from '../utils/review-queue-params';
import type { ReviewQueue } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `GET /api/identifiers/review-queue`: one page of identifiers with the review status asked for. */
export function getReviewQueue(params: ReviewQueueParams, signal?: AbortSignal): Promise<ReviewQueue> {
  return api.get<ReviewQueue>('/identifiers/review-queue', {
    params: {
      status: params.status,
      type: params.type || undefined,
      reportedBy: params.reportedBy || undefined,
      sort: params.sort,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
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
