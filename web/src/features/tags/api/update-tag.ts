import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, UpdateTagBody } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { tagKeys } from './query-keys';

/**
 * `PATCH /api/tags/{id}`: rename, recolour or describe. Given `base`, the version the change was made
 * from, it is refused (412, see `editConflictOf`) when someone else changed the tag since.
 */
export function updateTag({ id, body, base }: { id: string; body: UpdateTagBody; base?: Tag }): Promise<Tag> {
  return api.patch<Tag>(`/tags/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
