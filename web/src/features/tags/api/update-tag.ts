import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, UpdateTagBody } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { tagKeys } from './query-keys';

/** `PATCH /api/tags/{id}`: rename, recolour or describe. */
export function updateTag({ id, body }: { id: string; body: UpdateTagBody }): Promise<Tag> {
  return api.patch<Tag>(`/tags/${encodeURIComponent(id)}`, body);
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
