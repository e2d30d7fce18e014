import type { Originator } from '@scamtrail/domain/originators';
import { json } from '../../../test/render-app';

/* Community members of the route tests. */

export function communityMember(id: string, username: string, rest: Partial<Originator> = {}): Originator {
  return {
    id,
    type: 'community_member',
    name: username,
    displayName: `${username} (Community)`,
    active: true,
    teamMember: null,
    communityMember: { username, email: null, reputation: 20, notes: null },
    systemName: null,
    description: null,
    webhookUrl: null,
    lastTriggered: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...rest,
  };
}

/** `GET /api/originators/community-members`: one page holding `data`. */
export const page = (data: Originator[]) =>
  json(200, { data, pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 } });
