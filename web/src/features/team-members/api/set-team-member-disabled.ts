import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@scamtrail/domain/team-members';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { teamMemberKeys } from './query-keys';

/**
 * `POST /api/team-members/{id}/disable` (signs them out, refuses sign-in) or `/enable`. Given `base`,
 * the version the user chose from, it is refused (412, see `editConflictOf`) when someone else changed
 * the member since.
 */
export function setTeamMemberDisabled({
  id,
  disabled,
  base,
}: {
  id: string;
  disabled: boolean;
  base?: { updatedAt: string };
}): Promise<TeamMember> {
  return api.post<TeamMember>(
    `/team-members/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`,
    undefined,
    { headers: base ? ifMatchHeaders(base) : undefined },
  );
}

export function useSetTeamMemberDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamMemberDisabled,
    // Refused or not, the member is read again: after a 412 the page shows what someone else made of them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.all }),
  });
}
