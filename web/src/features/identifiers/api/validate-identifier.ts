import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ValidationReport } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `POST /api/identifiers/{id}/validate`: runs the validators and recomputes the confidence. */
export function validateIdentifier(id: string): Promise<ValidationReport> {
  return api.post<ValidationReport>(`/identifiers/${encodeURIComponent(id)}/validate`, {});
}

export function useValidateIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateIdentifier,
    onSuccess: (_report, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identifierKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
      ]),
  });
}
