import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, GroupDetail } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** `POST /api/groups`: a non-administrator creating a group becomes a member of it. */
export function createGroup(body: CreateGroupBody): Promise<GroupDetail> {
  return api.post<GroupDetail>('/groups', body, { idempotent: true });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}
