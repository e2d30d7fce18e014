import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import type { IdentifierInputBody, IdentifierItem } from './identifier-types';
import { identifierKeys } from './query-keys';

/**
 * `PUT /api/identifiers/{id}`: replaces the type and data with the same rules as creation. Given
 * `base`, the version the change was made from, it is refused (412, see `editConflictOf`) when someone
 * else changed the identifier since.
 */
export function updateIdentifier({
  id,
  base,
  ...body
}: IdentifierInputBody & { id: string; base?: IdentifierItem }): Promise<IdentifierItem> {
  return api.put<IdentifierItem>(`/identifiers/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
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
