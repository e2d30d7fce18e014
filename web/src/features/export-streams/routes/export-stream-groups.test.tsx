import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json } from '../../../test/render-app';
import { callsTo, FRAUD_DESK, MULES, page, renderStreams, SIEM, TIP } from './export-streams-fixtures';

afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;

/** Opens the groups picker of `form` and chooses the group named `name`. */
async function chooseGroup(user: User, form: HTMLElement, name: string) {
  await user.click(within(form).getByRole('combobox', { name: /Groups \(optional\)/ }));
  await user.click(await within(form).findByRole('option', { name }));
}

async function openEdit(user: User, stream: ExportStream) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${stream.name}` }));
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  await user.click(items.find((item) => item.textContent === 'Edit')!);
  return screen.findByRole('dialog', { name: 'Edit export stream' });
}

describe('the groups a stream carries', () => {
  it('are chosen when it is created, among every group, and sent as groupIds', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([], {
      'POST /api/export-streams': () => json(201, { ...SIEM, groups: [MULES] }),
    });
    await screen.findByRole('heading', { name: 'No export streams yet' });
    await user.click(screen.getByRole('button', { name: 'New stream' }));
    const form = await screen.findByRole('dialog', { name: 'New export stream' });
    expect(form).toHaveTextContent('Cases of no group always.');
    await user.type(within(form).getByLabelText('Name'), 'Mule desk feed');
    await user.click(within(form).getByRole('checkbox', { name: 'Cases' }));
    await chooseGroup(user, form, 'Money mules');
    // By name, as the groups page lists them.
    expect(
      within(form)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Fraud desk', 'Money mules']);
    await user.click(within(form).getByLabelText('Name'));
    const chosen = within(form).getByRole('list', { name: 'Chosen groups' });
    expect(chosen).toHaveTextContent('Money mules');
    await expectNoSeriousViolations(form);
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Export stream created')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/api/export-streams').map(({ body }) => body)).toEqual([
      { name: 'Mule desk feed', description: '', topics: ['cases'], groupIds: [MULES.id] },
    ]);
  });

  it('are shown chosen when it is edited, and removing one sends the groups left', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([TIP], {
      'GET /api/export-streams': () => page([TIP]),
      [`PATCH /api/export-streams/${TIP.id}`]: () => json(200, { ...TIP, groups: [] }),
    });
    const form = await openEdit(user, TIP);
    const chosen = within(form).getByRole('list', { name: 'Chosen groups' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    expect(within(chosen).getByText('Fraud desk')).toBeVisible();
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Threat intel 2');
    await user.click(within(chosen).getByRole('button', { name: `Remove ${FRAUD_DESK.name}` }));
    expect(within(form).queryByRole('list', { name: 'Chosen groups' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Export stream saved')).toBeVisible();
    expect(callsTo(fetchMock, 'PATCH', TIP.id).map(({ body }) => body)).toEqual([
      { name: 'Threat intel 2', groupIds: [] },
    ]);
  });

  it('are left out of an edit that does not change them', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([TIP], {
      [`PATCH /api/export-streams/${TIP.id}`]: () => json(200, TIP),
    });
    const form = await openEdit(user, TIP);
    await user.type(within(form).getByLabelText('Description (optional)'), 'For the TIP');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Export stream saved');
    expect(callsTo(fetchMock, 'PATCH', TIP.id).map(({ body }) => body)).toEqual([
      { description: 'For the TIP' },
    ]);
  });

  it('shows the server’s refusal of a group on the picker, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const message = 'You can only choose groups whose cases you can see';
    renderStreams([], {
      'POST /api/export-streams': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message,
            details: { fields: [{ field: 'groupIds', message }] },
          },
        }),
    });
    await screen.findByRole('heading', { name: 'No export streams yet' });
    await user.click(screen.getByRole('button', { name: 'New stream' }));
    const form = await screen.findByRole('dialog', { name: 'New export stream' });
    await user.type(within(form).getByLabelText('Name'), 'Feed');
    await user.click(within(form).getByRole('checkbox', { name: 'Cases' }));
    await chooseGroup(user, form, 'Fraud desk');
    await user.click(within(form).getByLabelText('Name'));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const picker = within(form).getByRole('combobox', { name: /Groups \(optional\)/ });
    const field = picker.closest<HTMLElement>('.keep-selection-on-escape')!;
    expect(await within(field).findByText(message)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'New export stream' })).toBeVisible();
  });

  it('are left as they are when the groups cannot be listed, and it says so', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([TIP], {
      'GET /api/groups': () => json(500, { error: { code: 'INTERNAL', message: 'Try again later' } }),
      [`PATCH /api/export-streams/${TIP.id}`]: () => json(200, TIP),
    });
    const form = await openEdit(user, TIP);
    await within(form).findByText(/The groups are left as they are/);
    expect(within(form).getByRole('combobox', { name: /Groups \(optional\)/ })).toBeDisabled();
    const chosen = within(form).getByRole('list', { name: 'Chosen groups' });
    expect(within(chosen).getByRole('button', { name: `Remove ${FRAUD_DESK.name}` })).toBeDisabled();
    await user.type(within(form).getByLabelText('Description (optional)'), 'Still saved');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Export stream saved');
    expect(callsTo(fetchMock, 'PATCH', TIP.id).map(({ body }) => body)).toEqual([
      { description: 'Still saved' },
    ]);
  });
});
