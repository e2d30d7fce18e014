import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember, UpdateTeamMemberBody } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { teamMemberKeys } from './query-keys';

/** `PATCH /api/team-members/{id}`: names or role; a role change signs the member out. */
export function updateTeamMember({
  id,
  body,
}: {
  id: string;
  body: UpdateTeamMemberBody;
}): Promise<TeamMember> {
  return api.patch<TeamMember>(`/team-members/${encodeURIComponent(id)}`, body);
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.all }),
  });
}
