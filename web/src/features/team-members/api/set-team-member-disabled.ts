import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { teamMemberKeys } from './query-keys';

/** `POST /api/team-members/{id}/disable` (signs them out, refuses sign-in) or `/enable`. */
export function setTeamMemberDisabled({
  id,
  disabled,
}: {
  id: string;
  disabled: boolean;
}): Promise<TeamMember> {
  return api.post<TeamMember>(`/team-members/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`);
}

export function useSetTeamMemberDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamMemberDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.all }),
  });
}
