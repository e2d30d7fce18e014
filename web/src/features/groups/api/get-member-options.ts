import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Originator } from '@scamtrail/domain/originators';
import type { Pagination } from '@scamtrail/domain/pagination';
import { GROUP_MEMBERS_MAX } from '@scamtrail/domain/groups';
import { api } from '../../../lib/api-client';
import { groupKeys } from './query-keys';

/** A team member who can be put in a group. */
export interface MemberOption {
  /** The user id, as group membership takes it. */
  id: string;
  name: string;
  /** Only for callers who may see staff e-mails (team_member.view). */
  email?: string;
  disabled: boolean;
}

const PAGE_SIZE = 100;

/**
 * Every team member, through `GET /api/originators/team-members` (which needs only originator.view, so
 * investigators can pick members too; `/api/users` is for administrators). Silent: a refusal is shown
 * in the form rather than as a toast.
 */
export async function getMemberOptions(signal?: AbortSignal): Promise<MemberOption[]> {
  const options: MemberOption[] = [];
  for (let page = 1; page <= Math.ceil(GROUP_MEMBERS_MAX / PAGE_SIZE); page += 1) {
    const answer = await api.get<{ data: Originator[]; pagination: Pagination }>(
      '/originators/team-members',
      {
        params: { page, pageSize: PAGE_SIZE },
        silent: true,
        signal,
      },
    );
    for (const originator of answer.data) {
      const member = originator.teamMember;
      if (!member) continue;
      options.push({
        id: member.userId,
        name: `${member.firstName} ${member.lastName}`.trim(),
        email: member.email,
        disabled: member.status === 'disabled',
      });
    }
    if (page >= answer.pagination.totalPages) break;
  }
  return options;
}

export function memberOptionsQueryOptions() {
  return queryOptions({
    queryKey: groupKeys.memberOptions(),
    queryFn: ({ signal }) => getMemberOptions(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useMemberOptions() {
  return useQuery(memberOptionsQueryOptions());
}
