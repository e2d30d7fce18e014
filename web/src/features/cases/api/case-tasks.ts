import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CaseTask,
  CaseTaskList,
  CreateCaseTaskBody,
  UpdateCaseTaskBody,
} from '@scamtrail/domain/case-tasks';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { caseKeys } from './query-keys';

export const CASE_TASKS_PAGE_SIZE = 25;

/** Under the case's detail key: a change to the case (or a refresh of it) refreshes its tasks too. */
export const caseTaskKeys = {
  all: (caseId: string) => [...caseKeys.detail(caseId), 'tasks'] as const,
};

const tasksPath = (caseId: string) => `/cases/${encodeURIComponent(caseId)}/tasks`;
const taskPath = (caseId: string, taskId: string) => `${tasksPath(caseId)}/${encodeURIComponent(taskId)}`;

/** `GET /api/cases/{id}/tasks`: open tasks first, the soonest due first, with how many are open. */
export function getCaseTasks(caseId: string, page: number, signal?: AbortSignal): Promise<CaseTaskList> {
  return api.get<CaseTaskList>(tasksPath(caseId), {
    params: { page, pageSize: CASE_TASKS_PAGE_SIZE },
    signal,
  });
}

export function caseTasksQueryOptions(caseId: string) {
  return infiniteQueryOptions({
    queryKey: caseTaskKeys.all(caseId),
    queryFn: ({ pageParam, signal }) => getCaseTasks(caseId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });
}

export function useCaseTasks(caseId: string) {
  return useInfiniteQuery(caseTasksQueryOptions(caseId));
}

/**
 * A task changed: the case changed too (its last activity, its History), so everything under it is
 * refreshed, the list of cases with it.
 */
function useRefreshCase() {
  const queryClient = useQueryClient();
  return (caseId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
      queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
    ]);
}

export function useCreateCaseTask() {
  const refresh = useRefreshCase();
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: CreateCaseTaskBody }) =>
      api.post<CaseTask>(tasksPath(caseId), body, { idempotent: true }),
    onSuccess: (_, { caseId }) => refresh(caseId),
  });
}

/**
 * `PATCH /api/cases/{id}/tasks/{taskId}`. Given `base`, the version the change was made from, it is
 * refused (412, see `editConflictOf`) when someone else changed the task since.
 */
export function useUpdateCaseTask() {
  const refresh = useRefreshCase();
  return useMutation({
    mutationFn: ({
      caseId,
      taskId,
      body,
      base,
    }: {
      caseId: string;
      taskId: string;
      body: UpdateCaseTaskBody;
      base?: CaseTask;
    }) =>
      api.patch<CaseTask>(taskPath(caseId, taskId), body, {
        headers: base ? ifMatchHeaders(base) : undefined,
      }),
    onSettled: (_, __, { caseId }) => refresh(caseId),
  });
}

export function useDeleteCaseTask() {
  const refresh = useRefreshCase();
  return useMutation({
    mutationFn: ({ caseId, taskId }: { caseId: string; taskId: string }) =>
      api.delete<void>(taskPath(caseId, taskId)),
    onSettled: (_, __, { caseId }) => refresh(caseId),
  });
}
