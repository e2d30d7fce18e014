import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierInputBody, IdentifierItem } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `POST /api/identifiers`. The server recomputes the display value; a duplicate answers 409. */
export function createIdentifier(body: IdentifierInputBody): Promise<IdentifierItem> {
  return api.post<IdentifierItem>('/identifiers', body);
}

export function useCreateIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdentifier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
  });
}
