import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierInputBody, IdentifierItem } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `PUT /api/identifiers/{id}`: replaces the type and data with the same rules as creation. */
export function updateIdentifier({
  id,
  ...body
}: IdentifierInputBody & { id: string }): Promise<IdentifierItem> {
  return api.put<IdentifierItem>(`/identifiers/${encodeURIComponent(id)}`, body);
}

export function useUpdateIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdentifier,
    onSuccess: (_item, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: identifierKeys.detail(id) }),
      ]),
  });
}
