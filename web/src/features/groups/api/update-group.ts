import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail, UpdateGroupBody } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { groupKeys } from './query-keys';

/**
 * `PATCH /api/groups/{id}`: rename or describe. Given `base`, the version the change was made from,
 * it is refused (412, see `editConflictOf`) when someone else changed the group since.
 */
export function updateGroup({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateGroupBody;
  base?: GroupDetail;
}): Promise<GroupDetail> {
  return api.patch<GroupDetail>(`/groups/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
