import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierTags } from './identifier-types';
import { identifierKeys } from './query-keys';

/** `PUT /api/identifiers/{id}/tags`: replaces the whole set; answers the tags it then carries. */
export function setIdentifierTags({ id, tagIds }: { id: string; tagIds: string[] }): Promise<IdentifierTags> {
  return api.put<IdentifierTags>(`/identifiers/${encodeURIComponent(id)}/tags`, { tagIds });
}

export function useSetIdentifierTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setIdentifierTags,
    onSuccess: (_tags, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: identifierKeys.detail(id) }),
        // List rows carry their tags too.
        queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
      ]),
  });
}
