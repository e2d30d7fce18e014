import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember, UpdateTeamMemberBody } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { teamMemberKeys } from './query-keys';

/**
 * `PATCH /api/team-members/{id}`: names or role; a role change signs the member out. Given `base`, the
 * version the change was made from, it is refused (412, see `editConflictOf`) when someone else
 * changed the member since.
 */
export function updateTeamMember({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateTeamMemberBody;
  base?: { updatedAt: string };
}): Promise<TeamMember> {
  return api.patch<TeamMember>(`/team-members/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.all }),
  });
}
