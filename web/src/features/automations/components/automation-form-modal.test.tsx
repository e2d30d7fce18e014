import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Originator } from '@scamtrail/domain/originators';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { AUTOMATION, AUTOMATION_ID } from './automation-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const { apiKeys: _keys, ...ORIGINATOR } = AUTOMATION;

describe('editing an automation', () => {
  it('sends the version it edits, and on a conflict shows the current automation and reapplies the edit', async () => {
    // Someone else renamed it and deactivated it in the meantime.
    const current: Originator = {
      ...ORIGINATOR,
      name: 'Inbox Scanner 2',
      systemName: 'Inbox Scanner 2',
      active: false,
      updatedAt: '2026-06-02T09:00:00.125Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp(`/automations/${AUTOMATION_ID}`, {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      [`GET /api/automations/${AUTOMATION_ID}`]: () => json(200, AUTOMATION),
      [`PATCH /api/automations/${AUTOMATION_ID}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Partial<Originator>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit automation' });
    const description = within(dialog).getByLabelText('Description (optional)');
    await userEvent.clear(description);
    await userEvent.type(description, 'Scans the fraud inbox');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this automation while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('System name: Inbox Scanner 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Status: Inactive')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      body: { description: 'Scans the fraud inbox', systemName: 'Inbox Scanner', active: true },
      ifMatch: `"${Date.parse(AUTOMATION.updatedAt)}"`,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('System name')).toHaveValue('Inbox Scanner 2');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Scans the fraud inbox');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Automation saved')).toBeInTheDocument();
    // Their deactivation is kept, not undone by the form's earlier Active.
    expect(sent[1]).toMatchObject({
      body: { description: 'Scans the fraud inbox', systemName: 'Inbox Scanner 2', active: false },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });
});
