import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Case, CreateCaseBody } from '@scamtrail/domain/cases';
import { api } from '../../../lib/api-client';
import { caseKeys } from './query-keys';

/** `POST /api/cases` → 201 with the case, status `open`. */
export function createCase(body: CreateCaseBody): Promise<Case> {
  return api.post<Case>('/cases', body, { idempotent: true });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    },
  });
}
