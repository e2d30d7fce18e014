import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { json } from './render-app';

/* "Reported by": the community member the picker offers, and a record entered on their behalf. */

export const COMMUNITY_MEMBER: OriginatorSummary = {
  id: '77777777-7777-4777-8777-777777777777',
  type: 'community_member',
  name: 'scamwatcher42',
  displayName: 'scamwatcher42 (Community)',
};

/** `GET /api/originators/community-members`: one page holding COMMUNITY_MEMBER. */
export const communityMembers = () =>
  json(200, {
    data: [COMMUNITY_MEMBER],
    pagination: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1 },
  });

/** A record's originator when Ada Okafor entered it for COMMUNITY_MEMBER. */
export const ENTERED_FOR_MEMBER = {
  ...COMMUNITY_MEMBER,
  proxy: { id: 'o-1', type: 'team_member', name: 'Ada Okafor', displayName: 'Ada Okafor (Team)' },
} satisfies OriginatorSummary & { proxy: OriginatorSummary };

/** Chooses COMMUNITY_MEMBER in the "Reported by" picker inside `container`. */
export async function chooseReportedBy(container: HTMLElement) {
  await userEvent.click(within(container).getByRole('combobox', { name: /^Reported by/ }));
  await userEvent.click(await within(container).findByRole('option', { name: COMMUNITY_MEMBER.displayName }));
}
