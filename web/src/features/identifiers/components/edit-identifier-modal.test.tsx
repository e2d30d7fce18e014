import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';
import type { IdentifierItem } from '../api/identifier-types';
import { findDialog, ITEM, openRowMenu, page, setUpRouteTests } from '../routes/identifiers-test-setup';

setUpRouteTests();

describe('editing an identifier', () => {
  it('sends the version it edits, and on a conflict shows the current identifier and reapplies the edit', async () => {
    // Someone else corrected the address in the meantime.
    const current: IdentifierItem = {
      ...ITEM,
      data: { address: 'scam@example.com' },
      displayValue: 'scam@example.com',
      updatedAt: '2026-11-21T07:00:00.375Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([ITEM]),
      [`PUT /api/identifiers/${ITEM.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Pick<IdentifierItem, 'type' | 'data'>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await openRowMenu('scam@example.org');
    await userEvent.click(
      screen.getByText('Edit', { selector: '.cds--overflow-menu-options__option-content' }),
    );
    const dialog = await findDialog('Edit Email');
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'Seen twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this identifier while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Value: scam@example.com')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { type: 'email', data: { address: 'scam@example.org', notes: 'Seen twice' } },
        ifMatch: `"${Date.parse(ITEM.updatedAt)}"`,
      },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText(/^Email Address/)).toHaveValue('scam@example.com');
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue('Seen twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Identifier updated')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      body: { type: 'email', data: { address: 'scam@example.com', notes: 'Seen twice' } },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });
});
