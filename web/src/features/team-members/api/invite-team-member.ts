import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody } from '@scamtrail/domain/auth';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { teamMemberKeys } from './query-keys';

/** `POST /api/team-members`: creates the account with its role and initial password. */
export function inviteTeamMember(body: CreateUserBody): Promise<TeamMember> {
  return api.post<TeamMember>('/team-members', body, { idempotent: true });
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.lists() }),
  });
}
