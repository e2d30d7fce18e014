import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { CASE, casePage, options, UNASSIGNED } from './cases-test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BULK = 'POST /api/cases/bulk-update';

function bulkBodies(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/cases/bulk-update'))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function chooseBoth() {
  await userEvent.click(
    await screen.findByRole('checkbox', { name: 'Choose #42 Romance scam, wire to Lagos' }),
  );
  await userEvent.click(screen.getByRole('checkbox', { name: 'Choose #7 Fake shop' }));
}

describe('changing several cases at once', () => {
  it('assigns the chosen cases to the user in one call, says so and clears the choice', async () => {
    const user = makeUser('investigator');
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, user),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      [BULK]: () => json(200, { data: [CASE, UNASSIGNED] }),
      ...options,
    });
    await chooseBoth();
    const bar = screen.getByRole('group', { name: 'Actions on the chosen cases' });
    expect(bar).toHaveTextContent('2 items selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Cases assigned to you')).toBeInTheDocument();
    expect(bulkBodies(fetchMock)).toEqual([{ ids: [CASE.id, UNASSIGNED.id], addAssigneeIds: [user.id] }]);
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: /chosen cases/ })).not.toBeInTheDocument(),
    );
  });

  it('a refused assignment says "Access Denied" once, with no second failure message', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      [BULK]: () =>
        json(403, {
          error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
        }),
      ...options,
    });
    await chooseBoth();
    const bar = screen.getByRole('group', { name: 'Actions on the chosen cases' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByText('Cases not assigned')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('chooses every case of the page at once, and Cancel clears the choice', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      ...options,
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose every case of the page' }));
    expect(screen.getByRole('checkbox', { name: 'Choose #7 Fake shop' })).toBeChecked();
    const bar = screen.getByRole('group', { name: 'Actions on the chosen cases' });
    expect(bar).toHaveTextContent('2 items selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('checkbox', { name: 'Choose #7 Fake shop' })).not.toBeChecked();
  });

  it('closes the chosen cases: a resolution and notes are asked for before anything is sent', async () => {
    const { fetchMock } = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      [BULK]: () => json(200, { data: [CASE, UNASSIGNED] }),
      ...options,
    });
    await chooseBoth();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change cases' });
    const send = within(dialog).getByRole('button', { name: 'Change 2 cases' });
    // Nothing chosen yet: nothing to send.
    expect(send).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'closed');
    await userEvent.click(send);
    expect(await within(dialog).findByText('A resolution is required to close a case')).toBeInTheDocument();
    expect(within(dialog).getByText('Closure notes are required to close a case')).toBeInTheDocument();
    expect(bulkBodies(fetchMock)).toEqual([]);
    await expectNoSeriousViolations(dialog);

    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'unresolved');
    await userEvent.type(within(dialog).getByLabelText('Closure notes'), 'Spam, no loss');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'low');
    await userEvent.click(send);
    expect(await screen.findByText('Cases changed')).toBeInTheDocument();
    expect(bulkBodies(fetchMock)).toEqual([
      {
        ids: [CASE.id, UNASSIGNED.id],
        priority: 'low',
        status: 'closed',
        resolution: 'unresolved',
        closureNotes: 'Spam, no loss',
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change cases' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal of one case in the dialog, which stays open", async () => {
    const message = `#${CASE.number}: This case is archived; reopen it to change it`;
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      [BULK]: () => json(409, { error: { code: 'CONFLICT', message, details: { caseId: CASE.id } } }),
      ...options,
    });
    await chooseBoth();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change cases' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change 2 cases' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing changed')).toBeInTheDocument();
  });

  it('gives focus back to Change when the dialog is cancelled', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      ...options,
    });
    await chooseBoth();
    const change = screen.getByRole('button', { name: 'Change' });
    await userEvent.click(change);
    const dialog = await screen.findByRole('dialog', { name: 'Change cases' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(change).toHaveFocus());
  });

  it('a viewer cannot choose cases', async () => {
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/cases': () => casePage([CASE, UNASSIGNED]),
      ...options,
    });
    await screen.findByRole('link', { name: '#7 Fake shop' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
