/** Query keys of the identifiers feature; `all` invalidates every list and detail at once. */
export const identifierKeys = {
  all: ['identifiers'] as const,
  lists: () => [...identifierKeys.all, 'list'] as const,
  list: (params: object) => [...identifierKeys.lists(), params] as const,
  /** The validation queue's pages: lists too, so whatever refreshes the lists refreshes them. */
  reviewQueues: () => [...identifierKeys.lists(), 'review-queue'] as const,
  reviewQueue: (params: object) => [...identifierKeys.reviewQueues(), params] as const,
  /** The identifiers a searched value is (`GET /api/identifiers/matches`). */
  matches: (params: { value: string; type?: string }) => [...identifierKeys.all, 'matches', params] as const,
  detail: (id: string) => [...identifierKeys.all, 'detail', id] as const,
  /** A page of the records around one identifier: refreshed with its detail. */
  related: (id: string, kind: string, page: number) => [...identifierKeys.detail(id), kind, page] as const,
  /** Every tag, to pick an identifier's tags from. */
};
