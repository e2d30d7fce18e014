import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Case } from '@scamtrail/domain/cases';
import type { Role } from '@scamtrail/domain/permissions';
import { ENTERED_FOR_MEMBER } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import {
  ARCHIVED,
  CASE_ID,
  CLOSED,
  CLOSED_EVENT,
  IDENTIFIER,
  makeCase,
  OTHER_CASE_ID,
  page,
  RELATED,
} from './case-detail-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Handler = Parameters<typeof renderApp>[1][string];

function renderCase(
  caseItem: Case,
  {
    role = 'admin',
    search = '',
    routes = {},
  }: { role?: Role; search?: string; routes?: Record<string, Handler> } = {},
) {
  return renderApp(`/cases/${caseItem.id}${search}`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    [`GET /api/cases/${caseItem.id}`]: () => json(200, caseItem),
    [`GET /api/cases/${caseItem.id}/related`]: () => json(200, page([RELATED])),
    [`GET /api/cases/${caseItem.id}/identifiers`]: () => json(200, page([IDENTIFIER])),
    [`GET /api/cases/${caseItem.id}/history`]: () => json(200, page([CLOSED_EVENT])),
    ...routes,
  });
}

const heading = (title = 'Romance scam via dating app') =>
  screen.findByRole('heading', { name: title, level: 1 });

/** The value beside a label of the case summary. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('case detail: header', () => {
  it('shows the case with its number in the breadcrumb, its summary and the loss in its currency', async () => {
    renderCase(makeCase());
    await heading();
    // The case list's trail (Home / Investigation / Cases), then the case.
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Investigation', 'Cases', '#42']);
    expect(fact('Status')).toHaveTextContent('Open');
    expect(fact('Priority')).toHaveTextContent('High');
    expect(fact('Scam type')).toHaveTextContent('Romance');
    expect(fact('Reported loss')).toHaveTextContent('$1,250.00');
    expect(fact('Group')).toHaveTextContent('Fraud desk');
    expect(fact('Assignees')).toHaveTextContent('Grace Hopper');
    expect(
      within(fact('Originator') as HTMLElement).getByRole('button', { name: 'Ada Okafor (Team)' }),
    ).toBeVisible();
    expect(fact('Originator')).not.toHaveTextContent('entered by');
  });

  it('names an empty scam type, loss and assignees as the case form and list do, not "None"', async () => {
    renderCase(makeCase({ scamType: null, reportedLoss: null, assignees: [] }));
    await heading();
    expect(fact('Scam type')).toHaveTextContent(/^Not known yet$/);
    expect(fact('Reported loss')).toHaveTextContent(/^Not reported$/);
    expect(fact('Assignees')).toHaveTextContent(/^Unassigned$/);
  });

  it('says who entered a case a community member reported', async () => {
    renderCase(makeCase({ originator: ENTERED_FOR_MEMBER }));
    await heading();
    const originator = fact('Originator') as HTMLElement;
    expect(within(originator).getByRole('button', { name: 'scamwatcher42 (Community)' })).toBeVisible();
    expect(within(originator).getByText('entered by Ada Okafor (Team)')).toBeVisible();
  });

  it('offers Edit, Change status and Close on an open case, the moves its status allows', async () => {
    renderCase(makeCase());
    await heading();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close case' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Change status' }));
    const items = await screen.findAllByRole('option');
    expect(items.map((item) => item.textContent)).toEqual([
      'Open (current)',
      'In progress',
      'Closed...',
      'Archived...',
    ]);
  });

  it('keeps focus on the status select after a move, and after a move that failed', async () => {
    let current = makeCase();
    let patch = () => {
      current = makeCase({ status: 'in_progress' });
      return json(200, current);
    };
    renderCase(current, {
      routes: {
        [`GET /api/cases/${CASE_ID}`]: () => json(200, current),
        [`PATCH /api/cases/${CASE_ID}`]: () => patch(),
      },
    });
    await heading();
    const select = () => screen.getByRole('combobox', { name: 'Change status' });
    await userEvent.click(select());
    await userEvent.click(await screen.findByRole('option', { name: 'In progress' }));
    expect(await screen.findByText('Status changed')).toBeInTheDocument();
    await waitFor(() => expect(select()).toHaveTextContent('Status: In progress'));
    expect(select()).toHaveFocus();
    // By keyboard, and refused: the select still shows the status the case has, and keeps focus.
    patch = () => json(409, { error: 'Conflict', message: 'The case was changed meanwhile' });
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('option', { name: 'Open' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Status not changed')).toBeInTheDocument();
    expect(select()).toHaveTextContent('Status: In progress');
    expect(select()).toHaveFocus();
  });

  it('shows a closed case with its resolution and notes, and offers to reopen it', async () => {
    const { fetchMock } = renderCase(CLOSED, {
      routes: { [`PATCH /api/cases/${CASE_ID}`]: () => json(200, makeCase()) },
    });
    await heading();
    expect(fact('Resolution')).toHaveTextContent('Transferred');
    expect(screen.getByText('Handed to the national fraud office.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    // Reopening clears the resolution and notes: it is confirmed first, and Cancel changes nothing.
    let confirm = await screen.findByRole('dialog', { name: /^Reopen case #\d+\?$/ });
    expect(confirm).toHaveTextContent('its resolution (Transferred) and closure notes are cleared');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    confirm = await screen.findByRole('dialog', { name: /^Reopen case #\d+\?$/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Case reopened')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'open' });
  });

  it('archives a case only once the investigator has confirmed it', async () => {
    const { fetchMock } = renderCase(makeCase(), {
      routes: { [`PATCH /api/cases/${CASE_ID}`]: () => json(200, ARCHIVED) },
    });
    await heading();
    await userEvent.click(screen.getByRole('combobox', { name: 'Change status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Archived...' }));
    const confirm = await screen.findByRole('dialog', { name: /^Archive case #\d+\?$/ });
    expect(confirm).toHaveTextContent('An archived case is read-only');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'archived' });
  });

  it('shows an archived case as read-only, with Reopen as its only action', async () => {
    renderCase(ARCHIVED);
    await heading();
    expect(screen.getByText('This case is archived.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).not.toBeInTheDocument();
  });

  it('offers a viewer, who may not edit cases, no actions', async () => {
    renderCase(makeCase(), { role: 'viewer' });
    await heading();
    for (const name of ['Edit', 'Close case', 'Reopen']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('combobox', { name: 'Change status' })).not.toBeInTheDocument();
  });
});

describe('case detail: close dialog', () => {
  it('requires a resolution and closure notes, and sends neither until both are given', async () => {
    const saved = { ...CLOSED, resolution: 'resolved' as const, closureNotes: 'Money recovered.' };
    const { fetchMock } = renderCase(makeCase(), {
      routes: { [`PATCH /api/cases/${CASE_ID}`]: () => json(200, saved) },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));

    expect(await within(dialog).findByText('A resolution is required to close a case')).toBeInTheDocument();
    expect(within(dialog).getByText('Closure notes are required to close a case')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'resolved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await within(dialog).findByText('Closure notes are required to close a case')).toBeInTheDocument();
    expect(within(dialog).queryByText('A resolution is required to close a case')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Closure notes'), '  Money recovered.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case closed')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      status: 'closed',
      resolution: 'resolved',
      closureNotes: 'Money recovered.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close case' })).not.toBeInTheDocument());
  });

  it('closes from the version it opened on; a case changed meanwhile is not closed over', async () => {
    // A colleague closed the case as transferred, with their own notes, while this dialog was open.
    const opened = makeCase();
    const current = {
      ...CLOSED,
      closureNotes: 'Handed over by a colleague.',
      updatedAt: '2026-11-21T09:00:00.000Z',
    };
    const sent: (string | null)[] = [];
    renderCase(opened, {
      routes: {
        [`PATCH /api/cases/${CASE_ID}`]: (init) => {
          const ifMatch = new Headers(init.headers).get('If-Match');
          sent.push(ifMatch);
          if (ifMatch !== `"${Date.parse(current.updatedAt)}"`) {
            return json(412, {
              error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
            });
          }
          return json(200, { ...current, resolution: 'resolved', closureNotes: 'Money recovered.' });
        },
      },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'resolved');
    await userEvent.type(within(dialog).getByLabelText('Closure notes'), 'Money recovered.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));

    expect(
      await within(dialog).findByText('Someone else changed this case while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Status: Closed')).toBeInTheDocument();
    expect(within(dialog).getByText('Resolution: Transferred')).toBeInTheDocument();
    expect(sent).toEqual([`"${Date.parse(opened.updatedAt)}"`]);
    expect(screen.queryByText('Case closed')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close case' })).toBeDisabled();

    // Reload: the close is made from the colleague's version, with the notes typed here.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Closure notes')).toHaveValue('Money recovered.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case closed')).toBeInTheDocument();
    expect(sent[1]).toBe(`"${Date.parse(current.updatedAt)}"`);
  });

  it("shows the server's message on the field it names", async () => {
    renderCase(makeCase(), {
      routes: {
        [`PATCH /api/cases/${CASE_ID}`]: () =>
          json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid request',
              details: {
                fields: [{ field: 'closureNotes', message: 'Closure notes are required to close a case' }],
              },
            },
          }),
      },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'duplicate');
    await userEvent.type(within(dialog).getByLabelText('Closure notes'), 'Same as #7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await within(dialog).findByText('Closure notes are required to close a case')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Close case' })).toBeInTheDocument();
  });
});

describe('case detail: a duplicate', () => {
  const ORIGINAL = makeCase({ id: OTHER_CASE_ID, number: 7, title: 'Fake investment platform' });

  it('closes a case as a duplicate of the case it repeats, chosen by title', async () => {
    const saved = { ...CLOSED, resolution: 'duplicate' as const, duplicateOfId: OTHER_CASE_ID };
    const { fetchMock } = renderCase(makeCase(), {
      routes: {
        [`PATCH /api/cases/${CASE_ID}`]: () => json(200, saved),
        'GET /api/cases': () => json(200, page([makeCase(), ORIGINAL])),
        [`GET /api/cases/${OTHER_CASE_ID}`]: () => json(200, ORIGINAL),
      },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    // Only a duplicate names another case.
    expect(within(dialog).queryByRole('combobox', { name: 'Duplicate of (optional)' })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'duplicate');
    const picker = within(dialog).getByRole('combobox', { name: 'Duplicate of (optional)' });
    await userEvent.type(picker, 'Fake');
    const option = await within(dialog).findByRole('option', { name: '#7 Fake investment platform' });
    // Not the case being closed: it cannot repeat itself.
    expect(within(dialog).queryByRole('option', { name: /#42/ })).toBeNull();
    await userEvent.click(option);
    await userEvent.type(within(dialog).getByLabelText('Closure notes'), 'Reported twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case closed')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      status: 'closed',
      resolution: 'duplicate',
      closureNotes: 'Reported twice',
      duplicateOfId: OTHER_CASE_ID,
    });
  });

  it('sends no original with another resolution, even one chosen first', async () => {
    const { fetchMock } = renderCase(makeCase(), {
      routes: {
        [`PATCH /api/cases/${CASE_ID}`]: () => json(200, CLOSED),
        'GET /api/cases': () => json(200, page([ORIGINAL])),
      },
    });
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'duplicate');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Duplicate of (optional)' }), 'Fake');
    await userEvent.click(await within(dialog).findByRole('option', { name: '#7 Fake investment platform' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'transferred');
    await userEvent.type(within(dialog).getByLabelText('Closure notes'), 'Handed over');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(await screen.findByText('Case closed')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      status: 'closed',
      resolution: 'transferred',
      closureNotes: 'Handed over',
    });
  });

  it('links a duplicate to the case it repeats, or says the viewer cannot see it', async () => {
    const duplicate = { ...CLOSED, resolution: 'duplicate' as const, duplicateOfId: OTHER_CASE_ID };
    renderCase(duplicate, { routes: { [`GET /api/cases/${OTHER_CASE_ID}`]: () => json(200, ORIGINAL) } });
    await heading();
    const link = await screen.findByRole('link', { name: '#7 Fake investment platform' });
    expect(link).toHaveAttribute('href', `/cases/${OTHER_CASE_ID}`);
    expect(fact('Duplicate of')).toContainElement(link);
  });

  it('lists on the original the cases closed as its duplicates, counting those past the first ten', async () => {
    const duplicates = Array.from({ length: 10 }, (_, i) =>
      makeCase({ id: `dup-${i}`, number: 100 + i, title: `Same report ${i}`, duplicateOfId: CASE_ID }),
    );
    const { fetchMock } = renderCase(makeCase(), {
      routes: {
        'GET /api/cases': () =>
          json(200, {
            data: duplicates,
            pagination: { page: 1, pageSize: 10, totalItems: 12, totalPages: 2 },
          }),
      },
    });
    await heading();
    const panel = await screen.findByRole('complementary', { name: 'Duplicates (12)' });
    expect(within(panel).getAllByRole('link')).toHaveLength(10);
    expect(within(panel).getByRole('link', { name: '#100 Same report 0' })).toHaveAttribute(
      'href',
      '/cases/dup-0',
    );
    expect(panel).toHaveTextContent('and 2 other cases');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('duplicateOfId'));
    expect(new URL(String(call?.[0]), 'http://x').searchParams.get('duplicateOfId')).toBe(CASE_ID);
  });

  it('says so when the viewer may not see the case a duplicate repeats', async () => {
    const duplicate = { ...CLOSED, resolution: 'duplicate' as const, duplicateOfId: OTHER_CASE_ID };
    renderCase(duplicate);
    await heading();
    expect(await screen.findByText('A case you cannot see')).toBeInTheDocument();
    expect(fact('Duplicate of')).toHaveTextContent('A case you cannot see');
  });
});

describe('case detail: tabs', () => {
  it("shows a dash, never 0, for an identifier's entries when the server leaves the count out", async () => {
    const { entryCount: _entries, ...uncounted } = IDENTIFIER;
    renderCase(makeCase(), {
      search: '?tab=identifiers',
      routes: { [`GET /api/cases/${CASE_ID}/identifiers`]: () => json(200, page([uncounted])) },
    });
    const link = await screen.findByRole('link', { name: '+44 20 7946 0958' });
    const row = link.closest('tr') as HTMLElement;
    const entries = screen
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Entries in this case');
    expect(entries).toBeGreaterThan(-1);
    expect(within(row).getAllByRole('cell')[entries]).toHaveTextContent(/^—$/);
  });

  it('opens the tab the URL names and writes the chosen tab to the URL', async () => {
    const { router } = renderCase(makeCase(), { search: '?tab=history' });
    await heading();
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Closed the case')).toBeInTheDocument();
    expect(screen.getByText('Money recovered.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Identifiers' }));
    expect(currentPath(router)).toBe(`/cases/${CASE_ID}?tab=identifiers`);
    const link = await screen.findByRole('link', { name: '+44 20 7946 0958' });
    expect(link).toHaveAttribute('href', `/identifiers?open=${IDENTIFIER.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Also in 1 other case');
    expect(within(row).getByRole('link', { name: '#7 Fake investment platform' })).toHaveAttribute(
      'href',
      `/cases/${OTHER_CASE_ID}`,
    );
  });

  it('names in the history the tags taken off the case, from the tags the user may list', async () => {
    const untagged = { ...CLOSED_EVENT, id: 4, before: { tagIds: ['t1', 't2'] }, after: { tagIds: [] } };
    renderCase(makeCase(), {
      search: '?tab=history',
      routes: {
        [`GET /api/cases/${CASE_ID}/history`]: () => json(200, page([untagged])),
        'GET /api/tags': () =>
          json(200, {
            data: [
              { id: 't1', name: 'phishing', color: 'red' },
              { id: 't2', name: 'urgent', color: 'blue' },
            ],
            pagination: { page: 1, pageSize: 500, totalItems: 2, totalPages: 1 },
          }),
      },
    });
    expect(await screen.findByText('phishing, urgent')).toBeInTheDocument();
  });

  it('breaks an address a history row recorded only where an address reads well', async () => {
    const retitled = {
      ...CLOSED_EVENT,
      id: 5,
      before: { title: 'Mails from pay-desk@fraud-mail.example' },
      after: { title: 'Mails from refund-team@fraud-mail.example' },
    };
    renderCase(makeCase(), {
      search: '?tab=history',
      routes: { [`GET /api/cases/${CASE_ID}/history`]: () => json(200, page([retitled])) },
    });
    const change = (await screen.findByText('Title:')).closest('li')!;
    expect(change).toHaveTextContent(
      'Title: Mails from pay-desk@fraud-mail.example → Mails from refund-team@fraud-mail.example',
    );
    // After the "@" and before the dot of each address; its hyphenated pieces keep their line.
    expect(change.querySelectorAll('wbr')).toHaveLength(4);
    expect(Array.from(change.querySelectorAll('.email-text__whole'), (part) => part.textContent)).toEqual([
      'pay-desk@',
      'fraud-mail',
      'refund-team@',
      'fraud-mail',
    ]);
  });

  it('opens the timeline when the URL names no tab or an unknown one', async () => {
    renderCase(makeCase(), { search: '?tab=nonsense' });
    await heading();
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists related cases with the identifiers they share', async () => {
    renderCase(makeCase());
    await heading();
    const panel = screen.getByRole('complementary', { name: /Related cases/ });
    expect(
      await within(panel).findByRole('link', { name: '#7 Fake investment platform' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('Shares 1 identifier: +44 20 7946 0958');
  });

  it('says so when no case is related', async () => {
    renderCase(makeCase(), { routes: { [`GET /api/cases/${CASE_ID}/related`]: () => json(200, page([])) } });
    await heading();
    expect(await screen.findByText('No related cases yet')).toBeInTheDocument();
  });
});

describe('case detail: loading', () => {
  it('asks for the journal beside the case, not after it, and for each only once', async () => {
    let answerCase: (response: Response) => void = () => {};
    const journal = `/api/cases/${CASE_ID}/journal-entries`;
    const { fetchMock } = renderCase(makeCase(), {
      routes: {
        [`GET /api/cases/${CASE_ID}`]: () => new Promise<Response>((resolve) => (answerCase = resolve)),
        [`GET ${journal}`]: () => json(200, page([])),
      },
    });
    const calls = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
    // The case has not answered yet, and its journal is already asked for.
    await waitFor(() => expect(calls(journal)).toHaveLength(1));
    expect(calls(`/api/cases/${CASE_ID}`)).toHaveLength(1);
    answerCase(json(200, makeCase()));
    await heading();
    expect(await screen.findByText('No journal entries yet')).toBeInTheDocument();
    // The screen read the answers asked for ahead of it instead of asking again.
    expect(calls(journal)).toHaveLength(1);
    expect(calls(`/api/cases/${CASE_ID}`)).toHaveLength(1);
    expect(calls('/api/auth/me')).toHaveLength(1);
  });
});

describe('case detail: states', () => {
  it('shows "No case to show" for a case that is missing or not visible (404)', async () => {
    renderApp(`/cases/${CASE_ID}`, { 'GET /api/auth/me': () => json(200, makeUser('investigator')) });
    expect(await screen.findByRole('heading', { name: 'No case to show' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to cases' })).toHaveAttribute('href', '/cases');
  });

  it('shows why a case failed to load and loads it again on retry', async () => {
    let failing = true;
    renderApp(`/cases/${CASE_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/cases/${CASE_ID}`]: () =>
        failing
          ? json(409, { error: { code: 'CONFLICT', message: 'The database is busy' } })
          : json(200, makeCase()),
    });
    expect(await screen.findByText('Failed to load the case')).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading()).toBeInTheDocument();
  });
});
