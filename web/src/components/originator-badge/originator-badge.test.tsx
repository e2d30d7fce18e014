import { Bot, Events, User } from '@carbon/icons-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Originator } from '@scamtrail/domain/originators';
import { AppProviders, createQueryClient } from '../../app/providers';
import { json, makeUser } from '../../test/render-app';
import { OriginatorBadge, type OriginatorBadgeProps } from './originator-badge';

const TEAM_ID = '11111111-1111-4111-8111-111111111111';

const teamDetail: Originator = {
  id: TEAM_ID,
  type: 'team_member',
  name: 'Ada Lovelace',
  displayName: 'Ada Lovelace (Team)',
  active: true,
  teamMember: {
    userId: 'user-7',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    role: 'investigator',
    status: 'invited',
  },
  communityMember: null,
  systemName: null,
  description: null,
  webhookUrl: null,
  lastTriggered: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
};

type Answer = Response | (() => Response | Promise<Response>);

function renderBadge(props: OriginatorBadgeProps, answers: Record<string, Answer> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[`${url.pathname}${url.search}`] ?? answers[url.pathname];
    if (!answer) return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <OriginatorBadge {...props} />
    </AppProviders>,
  );
  return { ...view, fetchMock };
}

async function openModal(name: string | RegExp) {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog');
}

function iconMarkup(Icon: typeof User) {
  const { container, unmount } = render(<Icon />);
  const markup = container.querySelector('svg')!.innerHTML;
  unmount();
  return markup;
}

beforeEach(() => {
  // The fallback logs; tests without a detail answer exercise it.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OriginatorBadge', () => {
  it.each([
    ['team_member', 'Ada Lovelace', 'Ada Lovelace (Team)', User],
    ['community_member', 'reporter7', 'reporter7 (Community)', Events],
    ['automation', 'Mail Scanner', 'Mail Scanner (Automation)', Bot],
  ] as const)('shows a %s with its icon and display name', (type, name, displayName, Icon) => {
    const expected = iconMarkup(Icon);
    renderBadge({ originator: { id: TEAM_ID, type, name } });
    const badge = screen.getByRole('button', { name: displayName });
    expect(badge).toHaveTextContent(displayName);
    expect(badge.querySelector('svg')!.innerHTML).toBe(expected);
  });

  it('shows a lock only when the entry is signed', () => {
    const { unmount } = renderBadge({
      originator: { id: TEAM_ID, type: 'team_member', name: 'Ada Lovelace' },
      signature: { isSigned: false },
    });
    expect(screen.getByRole('button', { name: 'Ada Lovelace (Team)' }).querySelectorAll('svg')).toHaveLength(
      1,
    );
    unmount();
    renderBadge({
      originator: { id: TEAM_ID, type: 'team_member', name: 'Ada Lovelace' },
      signature: { isSigned: true },
    });
    const badge = screen.getByRole('button', { name: 'Ada Lovelace (Team), signed' });
    expect(badge.querySelectorAll('svg')).toHaveLength(2);
  });

  it('loads the details when opened and lists every other field under Additional Data', async () => {
    const { fetchMock } = renderBadge(
      { originator: { id: TEAM_ID, type: 'team_member', name: 'Ada Lovelace' } },
      { [`/api/originators/${TEAM_ID}?type=team_member`]: json(200, teamDetail) },
    );
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/originators/'), expect.anything());
    const dialog = await openModal('Ada Lovelace (Team)');
    expect(within(dialog).getByRole('heading', { name: 'Originator Details' })).toBeVisible();
    const info = within(dialog).getByLabelText('Originator information');
    expect(await within(info).findByText('ada@example.org')).toBeVisible();
    expect(within(info).getByText('Team Member')).toBeVisible();
    expect(within(info).getByText('Investigator')).toBeVisible();
    const extra = within(dialog).getByLabelText('Additional data');
    for (const text of [
      'Originator ID',
      TEAM_ID,
      'User ID',
      'user-7',
      'Status',
      'Invited',
      'Created',
      'Active',
    ]) {
      expect(within(extra).getByText(text)).toBeVisible();
    }
    expect(within(extra).getByText('Status').nextElementSibling).toHaveTextContent('Invited');
    // Shown above, so not repeated.
    expect(within(extra).queryByText('ada@example.org')).toBeNull();
    expect(within(dialog).queryByRole('heading', { name: 'Digital Signature' })).toBeNull();
  });

  it('shows no e-mail or role rows when the caller may not see them', async () => {
    const { email: _email, role: _role, ...visible } = teamDetail.teamMember!;
    renderBadge(
      { originator: { id: TEAM_ID, type: 'team_member', name: 'Ada Lovelace' } },
      { [`/api/originators/${TEAM_ID}?type=team_member`]: json(200, { ...teamDetail, teamMember: visible }) },
    );
    const dialog = await openModal('Ada Lovelace (Team)');
    const info = within(dialog).getByLabelText('Originator information');
    expect(await within(info).findByText('Team Member')).toBeVisible();
    expect(within(info).queryByText('Email')).toBeNull();
    expect(within(info).queryByText('Role')).toBeNull();
  });

  it('colours a community member’s reputation tag (spec 9)', async () => {
    const community: Originator = {
      ...teamDetail,
      type: 'community_member',
      name: 'reporter7',
      displayName: 'reporter7 (Community)',
      teamMember: null,
      communityMember: { username: 'reporter7', email: null, reputation: -5, notes: 'Reports phishing' },
    };
    renderBadge(
      { originator: { id: TEAM_ID, type: 'community_member', name: 'reporter7' } },
      { [`/api/originators/${TEAM_ID}`]: json(200, community) },
    );
    const dialog = await openModal('reporter7 (Community)');
    const reputation = await within(dialog).findByText('-5');
    expect(reputation.closest('.cds--tag')).toHaveClass('cds--tag--red');
    expect(within(dialog).getByText('Reports phishing')).toBeVisible();
  });

  it('shows an automation’s system name, description, webhook and last trigger', async () => {
    renderBadge(
      {
        originator: {
          id: TEAM_ID,
          type: 'automation',
          name: 'Mail Scanner',
          systemName: 'Mail Scanner',
          description: 'Scans the abuse inbox',
          webhookUrl: 'https://hooks.example.org/scan',
          lastTriggered: null,
        },
      },
      { '/api/auth/me': json(200, makeUser('admin')) },
    );
    const dialog = await openModal('Mail Scanner (Automation)');
    const info = within(dialog).getByLabelText('Originator information');
    for (const text of [
      'Automation',
      'Mail Scanner',
      'Scans the abuse inbox',
      'https://hooks.example.org/scan',
      'Never',
    ]) {
      expect(within(info).getByText(text)).toBeVisible();
    }
  });

  it('shows who may not edit automations the webhook URL’s origin alone, and says why', async () => {
    renderBadge(
      {
        originator: {
          id: TEAM_ID,
          type: 'automation',
          name: 'Mail Scanner',
          systemName: 'Mail Scanner',
          // The server answers them the origin alone: the path or query may carry the receiver's token.
          webhookUrl: 'https://hooks.example.org',
        },
      },
      { '/api/auth/me': json(200, makeUser('viewer')) },
    );
    const dialog = await openModal('Mail Scanner (Automation)');
    const info = within(dialog).getByLabelText('Originator information');
    expect(
      within(info).getByText(
        `https://hooks.example.org/… (only those who may edit automations see the full address)`,
      ),
    ).toBeVisible();
  });

  it('falls back to the data already held when the detail call fails, without a toast', async () => {
    renderBadge(
      {
        originator: {
          id: TEAM_ID,
          type: 'team_member',
          name: 'Ada Lovelace',
          teamMember: { ...teamDetail.teamMember!, email: 'held@example.org' },
        },
      },
      {
        [`/api/originators/${TEAM_ID}`]: json(403, { error: { code: 'FORBIDDEN', message: 'No' } }),
      },
    );
    const dialog = await openModal('Ada Lovelace (Team)');
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(within(dialog).getByText('held@example.org')).toBeVisible();
    expect(within(dialog).queryByText('Loading details...')).toBeNull();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('says who entered the record on whose behalf', async () => {
    renderBadge({
      originator: {
        id: 'c-1',
        type: 'community_member',
        name: 'reporter7',
        proxy: { id: TEAM_ID, type: 'team_member', name: 'Ada Lovelace' },
      },
    });
    const dialog = await openModal('reporter7 (Community)');
    const proxy = within(dialog).getByRole('region', { name: 'Proxy' });
    expect(proxy).toHaveTextContent('Entered by Ada Lovelace (Team) on behalf of reporter7 (Community).');
    expect(within(proxy).getByText('Team Member')).toBeVisible();
  });
});
