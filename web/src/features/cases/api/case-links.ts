import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseLink, CaseLinkList, CreateCaseLinkBody } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { caseKeys } from './query-keys';

/** A short page: the panel sits beside the tabs and grows with "Show more". */
export const CASE_LINKS_PAGE_SIZE = 10;

/** Keys of the Linked cases panel, under the case's detail key (see caseHistoryKeys). */
export const caseLinkKeys = {
  all: (caseId: string) => [...caseKeys.detail(caseId), 'links'] as const,
};

const linksPath = (caseId: string) => `/cases/${encodeURIComponent(caseId)}/links`;

/** `GET /api/cases/{id}/links`: the visible cases linked by hand to this one, newest link first. */
export function getCaseLinks(caseId: string, page: number, signal?: AbortSignal): Promise<CaseLinkList> {
  return api.get<CaseLinkList>(linksPath(caseId), {
    params: { page, pageSize: CASE_LINKS_PAGE_SIZE },
    signal,
  });
}

export function caseLinksQueryOptions(caseId: string) {
  return infiniteQueryOptions({
    queryKey: caseLinkKeys.all(caseId),
    queryFn: ({ pageParam, signal }) => getCaseLinks(caseId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });
}

export function useCaseLinks(caseId: string) {
  return useInfiniteQuery(caseLinksQueryOptions(caseId));
}

/** `POST /api/cases/{id}/links`: links `body.caseId` to the case, both ways. Answers the link, naming the other case. */
export function linkCase({ caseId, body }: { caseId: string; body: CreateCaseLinkBody }): Promise<CaseLink> {
  return api.post<CaseLink>(linksPath(caseId), body, { idempotent: true });
}

/** `DELETE /api/cases/{id}/links/{linkedCaseId}`: removes the link from both cases. */
export function unlinkCase({
  caseId,
  linkedCaseId,
}: {
  caseId: string;
  linkedCaseId: string;
}): Promise<void> {
  return api.delete<void>(`${linksPath(caseId)}/${encodeURIComponent(linkedCaseId)}`);
}

/**
 * A link shows on both cases and is recorded in both histories: refresh everything under each. A 404
 * (no such link) or 409 (already linked, archived) says the page is out of date, so it refreshes too.
 */
function useRefreshBothCases() {
  const queryClient = useQueryClient();
  const refresh = (...caseIds: string[]) =>
    Promise.all(caseIds.map((id) => queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) })));
  const isStale = (error: unknown) => isApiError(error) && [404, 409].includes(error.status);
  return { refresh, isStale };
}

export function useLinkCase() {
  const { refresh, isStale } = useRefreshBothCases();
  return useMutation({
    mutationFn: linkCase,
    onSuccess: (link, { caseId }) => refresh(caseId, link.case.id),
    onError: (error, { caseId, body }) => (isStale(error) ? refresh(caseId, body.caseId) : undefined),
  });
}

export function useUnlinkCase() {
  const { refresh, isStale } = useRefreshBothCases();
  return useMutation({
    mutationFn: unlinkCase,
    onSuccess: (_, { caseId, linkedCaseId }) => refresh(caseId, linkedCaseId),
    onError: (error, { caseId, linkedCaseId }) =>
      isStale(error) ? refresh(caseId, linkedCaseId) : undefined,
  });
}
