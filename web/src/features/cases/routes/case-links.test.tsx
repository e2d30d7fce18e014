import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent, Case, CaseLink } from '@scamtrail/domain/cases';
import type { Role } from '@scamtrail/domain/permissions';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ARCHIVED, CASE_ID, makeCase, OTHER_CASE_ID, page } from './case-detail-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Handler = Parameters<typeof renderApp>[1][string];

const LINKS = `/api/cases/${CASE_ID}/links`;
const OTHER = makeCase({
  id: OTHER_CASE_ID,
  number: 7,
  title: 'Fake investment platform',
  status: 'in_progress',
});
const THIRD_ID = '9e8d7c6b-5a49-4837-a625-1f0e9d8c7b6a';

const LINK: CaseLink = {
  case: { id: OTHER_CASE_ID, number: 7, title: 'Fake investment platform', status: 'in_progress' },
  note: 'Same mule account at Northbank',
  linkedBy: { id: 'originator-1', type: 'team_member', name: 'Ada Okafor', displayName: 'Ada Okafor (Team)' },
  createdAt: '2026-03-04T10:00:00.000Z',
};

/** A link without a note, by someone no longer on record. */
const BARE_LINK: CaseLink = {
  case: { id: THIRD_ID, number: 9, title: 'Parcel delivery text', status: 'closed' },
  note: '',
  linkedBy: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};

function renderCase(
  caseItem: Case,
  {
    role = 'admin',
    search = '',
    links = [LINK],
    routes = {},
  }: { role?: Role; search?: string; links?: CaseLink[]; routes?: Record<string, Handler> } = {},
) {
  return renderApp(`/cases/${caseItem.id}${search}`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    [`GET /api/cases/${caseItem.id}`]: () => json(200, caseItem),
    [`GET /api/cases/${caseItem.id}/related`]: () => json(200, page([])),
    [`GET /api/cases/${caseItem.id}/links`]: () => json(200, page(links)),
    ...routes,
  });
}

const heading = () => screen.findByRole('heading', { name: 'Romance scam via dating app', level: 1 });
const panel = () => screen.findByRole('complementary', { name: /^Linked cases/ });
const openDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Link a case' }));
  return screen.findByRole('dialog', { name: 'Link a case' });
};
const calls = (fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );

/** The case search of the dialog answers both cases; the picker names the chosen one by its own call. */
const PICKER_ROUTES: Record<string, Handler> = {
  'GET /api/cases': () => json(200, page([makeCase(), OTHER])),
  [`GET /api/cases/${OTHER_CASE_ID}`]: () => json(200, OTHER),
};

async function chooseOther(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('combobox', { name: 'Case' }), 'Fake');
  await userEvent.click(await within(dialog).findByRole('option', { name: '#7 Fake investment platform' }));
}

describe('linked cases: the panel', () => {
  it('lists the linked cases with their status, note and who linked them when', async () => {
    renderCase(makeCase(), { links: [LINK, BARE_LINK] });
    await heading();
    const linked = await panel();
    expect(within(linked).getByRole('heading', { level: 2 })).toHaveTextContent(/^Linked cases \(2\)$/);
    const link = await within(linked).findByRole('link', { name: '#7 Fake investment platform' });
    expect(link).toHaveAttribute('href', `/cases/${OTHER_CASE_ID}`);
    const item = link.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('In progress');
    expect(item).toHaveTextContent('Same mule account at Northbank');
    expect(item).toHaveTextContent('Linked by Ada Okafor (Team) on Mar 4, 2026');
    const bare = within(linked)
      .getByRole('link', { name: '#9 Parcel delivery text' })
      .closest('li') as HTMLElement;
    expect(bare).toHaveTextContent('Closed');
    expect(within(bare).getByText(/^Linked/)).toHaveTextContent(/^Linked on Mar 2, 2026$/);
  });

  it('says so when no case is linked', async () => {
    renderCase(makeCase(), { links: [] });
    await heading();
    const linked = await panel();
    expect(await within(linked).findByText('No linked cases yet')).toBeInTheDocument();
    expect(within(linked).getByRole('heading', { level: 2 })).toHaveTextContent(/^Linked cases$/);
    expect(within(linked).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows more links on request, the next page asked for', async () => {
    const first = { ...page([LINK]), pagination: { page: 1, pageSize: 10, totalItems: 2, totalPages: 2 } };
    const second = {
      ...page([BARE_LINK]),
      pagination: { page: 2, pageSize: 10, totalItems: 2, totalPages: 2 },
    };
    let asked = 0;
    const { fetchMock } = renderCase(makeCase(), {
      routes: { [`GET ${LINKS}`]: () => json(200, ++asked === 1 ? first : second) },
    });
    await heading();
    const linked = await panel();
    await within(linked).findByRole('link', { name: '#7 Fake investment platform' });
    expect(within(linked).queryByRole('link', { name: '#9 Parcel delivery text' })).not.toBeInTheDocument();
    await userEvent.click(within(linked).getByRole('button', { name: 'Show more' }));
    expect(await within(linked).findByRole('link', { name: '#9 Parcel delivery text' })).toBeInTheDocument();
    expect(within(linked).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const pages = calls(fetchMock, 'GET', LINKS).map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('page'),
    );
    expect(pages).toEqual(['1', '2']);
  });

  it('says why the links failed to load and loads them again on request', async () => {
    let failing = true;
    renderCase(makeCase(), {
      routes: {
        [`GET ${LINKS}`]: () =>
          failing
            ? json(409, { error: { code: 'CONFLICT', message: 'The database is busy' } })
            : json(200, page([LINK])),
      },
    });
    await heading();
    const linked = await panel();
    expect(await within(linked).findByText('Failed to load linked cases')).toBeInTheDocument();
    expect(linked).toHaveTextContent('The database is busy');
    failing = false;
    await userEvent.click(within(linked).getByRole('button', { name: 'Try again' }));
    expect(
      await within(linked).findByRole('link', { name: '#7 Fake investment platform' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['a viewer, who may not edit cases', makeCase(), 'viewer' as Role],
    ['an archived case, read-only until reopened', ARCHIVED, 'admin' as Role],
  ])('offers %s neither linking nor unlinking', async (_, caseItem, role) => {
    renderCase(caseItem, { role });
    await heading();
    const linked = await panel();
    // The links are listed all the same.
    await within(linked).findByRole('link', { name: '#7 Fake investment platform' });
    expect(within(linked).queryByRole('button', { name: 'Link a case' })).not.toBeInTheDocument();
    expect(within(linked).queryByRole('button', { name: /^Unlink/ })).not.toBeInTheDocument();
  });

  it('has no serious accessibility violations, with its buttons', async () => {
    renderCase(makeCase(), { links: [LINK, BARE_LINK] });
    await heading();
    const linked = await panel();
    await within(linked).findByRole('button', { name: 'Unlink #7 Fake investment platform' });
    await expectNoSeriousViolations(linked);
  });
});

describe('linked cases: linking', () => {
  it('links the case chosen, with the note, and lists it on the case', async () => {
    let links: CaseLink[] = [];
    const { fetchMock } = renderCase(makeCase(), {
      links,
      routes: {
        ...PICKER_ROUTES,
        [`GET ${LINKS}`]: () => json(200, page(links)),
        [`POST ${LINKS}`]: () => {
          links = [LINK];
          return json(201, LINK);
        },
      },
    });
    await heading();
    expect(await within(await panel()).findByText('No linked cases yet')).toBeInTheDocument();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('#42 Romance scam via dating app');

    // Nothing is sent without a case.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('Choose the case to link')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', LINKS)).toHaveLength(0);

    await chooseOther(dialog);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Why they belong together (optional)' }),
      '  Same mule account at Northbank ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));

    expect(await screen.findByText('Cases linked')).toBeInTheDocument();
    expect(screen.getByText('#42 and #7')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Link a case' })).not.toBeInTheDocument(),
    );
    const [post] = calls(fetchMock, 'POST', LINKS);
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      caseId: OTHER_CASE_ID,
      note: 'Same mule account at Northbank',
    });
    // The list was asked for again and shows the new link.
    const linked = await panel();
    expect(
      await within(linked).findByRole('link', { name: '#7 Fake investment platform' }),
    ).toBeInTheDocument();
    expect(within(linked).getByRole('heading', { level: 2 })).toHaveTextContent(/^Linked cases \(1\)$/);
  });

  it('never offers the case itself', async () => {
    renderCase(makeCase(), { links: [], routes: PICKER_ROUTES });
    await heading();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Case' }), 'a');
    expect(await within(dialog).findByRole('option', { name: '#7 Fake investment platform' })).toBeVisible();
    expect(within(dialog).queryByRole('option', { name: /#42/ })).not.toBeInTheDocument();
  });

  it('does not offer a case linked already', async () => {
    const third = makeCase({ id: THIRD_ID, number: 9, title: 'Fake parcel fee' });
    renderCase(makeCase(), {
      routes: { 'GET /api/cases': () => json(200, page([makeCase(), OTHER, third])) },
    });
    await heading();
    await within(await panel()).findByRole('link', { name: '#7 Fake investment platform' });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Case' }), 'Fake');
    expect(await within(dialog).findByRole('option', { name: '#9 Fake parcel fee' })).toBeVisible();
    expect(within(dialog).queryByRole('option', { name: /#7/ })).not.toBeInTheDocument();
  });

  it("shows the server's conflict in the dialog, which stays open", async () => {
    renderCase(makeCase(), {
      // Linked meanwhile by someone else: the panel does not show it yet.
      links: [],
      routes: {
        ...PICKER_ROUTES,
        [`POST ${LINKS}`]: () =>
          json(409, { error: { code: 'CONFLICT', message: 'These cases are already linked' } }),
      },
    });
    await heading();
    const dialog = await openDialog();
    await chooseOther(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('These cases are already linked')).toBeInTheDocument();
    expect(within(dialog).getByText('Not linked')).toBeInTheDocument();
    expect(screen.queryByText('Cases linked')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Link a case' })).toBeInTheDocument();
  });

  it('shows a refusal of the case on the case field', async () => {
    renderCase(makeCase(), {
      links: [],
      routes: {
        ...PICKER_ROUTES,
        [`POST ${LINKS}`]: () =>
          json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid request',
              details: { fields: [{ field: 'caseId', message: 'That case cannot be linked' }] },
            },
          }),
      },
    });
    await heading();
    const dialog = await openDialog();
    await chooseOther(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    const message = await within(dialog).findByText('That case cannot be linked');
    // On the field (Carbon's ComboBox wraps its message with it), not at the top of the form.
    const field = within(dialog).getByRole('combobox', { name: 'Case' }).closest('.cds--list-box__wrapper');
    expect(field).toContainElement(message);
    expect(within(dialog).queryByText('Not linked')).not.toBeInTheDocument();
  });

  it('gives focus back to "Link a case" when the dialog is cancelled', async () => {
    const { fetchMock } = renderCase(makeCase(), { routes: PICKER_ROUTES });
    await heading();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Link a case' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Link a case' })).toHaveFocus();
    expect(calls(fetchMock, 'POST', LINKS)).toHaveLength(0);
  });

  it('has no serious accessibility violations in the open dialog', async () => {
    renderCase(makeCase(), { routes: PICKER_ROUTES });
    await heading();
    const dialog = await openDialog();
    await expectNoSeriousViolations(dialog);
  });
});

describe('linked cases: unlinking', () => {
  it('asks first, sends nothing on Cancel, and unlinks both cases once confirmed', async () => {
    let links = [LINK];
    const unlinkPath = `${LINKS}/${OTHER_CASE_ID}`;
    const { fetchMock } = renderCase(makeCase(), {
      routes: {
        [`GET ${LINKS}`]: () => json(200, page(links)),
        [`DELETE ${unlinkPath}`]: () => {
          links = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    await heading();
    const linked = await panel();
    const unlink = await within(linked).findByRole('button', { name: 'Unlink #7 Fake investment platform' });

    await userEvent.click(unlink);
    let confirm = await screen.findByRole('dialog', { name: 'Unlink case #7?' });
    expect(confirm).toHaveTextContent(
      'The link is removed from both cases; the cases themselves are not changed.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(unlink);
    confirm = await screen.findByRole('dialog', { name: 'Unlink case #7?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Cases unlinked')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', unlinkPath)).toHaveLength(1);
    expect(await within(linked).findByText('No linked cases yet')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Unlink case #7?' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the confirmation", async () => {
    renderCase(makeCase(), {
      routes: {
        [`DELETE ${LINKS}/${OTHER_CASE_ID}`]: () =>
          json(404, { error: { code: 'NOT_FOUND', message: 'These cases are not linked' } }),
      },
    });
    await heading();
    const linked = await panel();
    await userEvent.click(
      await within(linked).findByRole('button', { name: 'Unlink #7 Fake investment platform' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Unlink case #7?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await within(confirm).findByText('These cases are not linked')).toBeInTheDocument();
    expect(within(confirm).getByText('Not unlinked')).toBeInTheDocument();
    expect(screen.queryByText('Cases unlinked')).not.toBeInTheDocument();
  });
});

describe('linked cases: history', () => {
  it('reads a link and an unlink in words, naming the case the server names, with the note', async () => {
    const linkedEvent: AuditEvent = {
      id: 5,
      action: 'case.linked',
      subjectType: 'case',
      subjectId: CASE_ID,
      actor: { kind: 'user', name: 'Ada Okafor', apiKeyId: null },
      before: null,
      after: { linkedCaseId: OTHER_CASE_ID, note: 'Same mule account at Northbank' },
      names: { [OTHER_CASE_ID]: '#7 Fake investment platform' },
      createdAt: '2026-03-04T10:00:00.000Z',
    };
    const unlinkedEvent: AuditEvent = {
      ...linkedEvent,
      id: 6,
      action: 'case.unlinked',
      before: linkedEvent.after,
      after: null,
    };
    renderCase(makeCase(), {
      search: '?tab=history',
      routes: { [`GET /api/cases/${CASE_ID}/history`]: () => json(200, page([unlinkedEvent, linkedEvent])) },
    });
    await heading();
    const unlinkedRow = (await screen.findByText('Unlinked a case')).closest('tr') as HTMLElement;
    expect(unlinkedRow).toHaveTextContent('Linked case: #7 Fake investment platform');
    expect(unlinkedRow).toHaveTextContent('Note: Same mule account at Northbank');
    const linkedRow = screen.getByText('Linked a case').closest('tr') as HTMLElement;
    expect(linkedRow).toHaveTextContent('Linked case: #7 Fake investment platform');
    expect(linkedRow).not.toHaveTextContent(OTHER_CASE_ID);
  });
});
