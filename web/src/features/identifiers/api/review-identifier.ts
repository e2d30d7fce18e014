import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import type { ReviewDecisionBody, ReviewDecisionResult } from './identifier-types';
import { identifierKeys } from './query-keys';

/**
 * `POST /api/identifiers/{id}/review`: confirms, rejects (a note is required) or returns it to the
 * queue. `expectedStatus` is the status the reviewer saw: 409 when someone decided it meanwhile. The
 * answer says what the decision did to a community member reporter's reputation.
 */
export function reviewIdentifier({
  id,
  ...body
}: ReviewDecisionBody & { id: string }): Promise<ReviewDecisionResult> {
  return api.post<ReviewDecisionResult>(`/identifiers/${encodeURIComponent(id)}/review`, body);
}

export function useReviewIdentifier() {
  const queryClient = useQueryClient();
  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: identifierKeys.reviewQueues() }),
      queryClient.invalidateQueries({ queryKey: identifierKeys.detail(id) }),
    ]);
  return useMutation({
    mutationFn: reviewIdentifier,
    onSuccess: (result, { id }) =>
      Promise.all([
        refresh(id),
        // The reporter's reputation, in the community members' list and history (the
        // community-members feature keeps its queries under `['community-members']`).
        result.reputationChange
          ? queryClient.invalidateQueries({ queryKey: ['community-members'] })
          : undefined,
      ]),
    // A conflict: the stored decision is not the one on screen. Show the one that is.
    onError: (error, { id }) => (isApiError(error) && error.status === 409 ? refresh(id) : undefined),
  });
}
