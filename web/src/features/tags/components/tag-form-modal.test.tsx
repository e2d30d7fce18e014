import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '@scamtrail/domain/tags';
import { json, makeUser, renderApp } from '../../../test/render-app';

const TAG: Tag = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Phishing',
  color: 'red',
  description: 'Credential theft',
  usage: { identifiers: 0, cases: 0, evidence: 0, total: 0 },
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('editing a tag', () => {
  it('sends the version it edits, and on a conflict shows the current tag and reapplies the edit', async () => {
    const user = userEvent.setup();
    // Someone else recoloured and renamed it in the meantime.
    const current: Tag = {
      ...TAG,
      name: 'Phishing mail',
      color: 'blue',
      updatedAt: '2025-03-02T10:00:00.500Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp('/tags', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () =>
        json(200, { data: [TAG], pagination: { page: 1, pageSize: 25, totalItems: 1, totalPages: 1 } }),
      [`PATCH /api/tags/${TAG.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Partial<Tag>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Phishing' }));
    // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    await user.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    const description = within(dialog).getByLabelText('Description (optional)');
    await user.clear(description);
    await user.type(description, 'Fake login pages');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this tag while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Name: Phishing mail')).toBeInTheDocument();
    expect(within(dialog).getByText('Colour: Blue')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { description: 'Fake login pages' }, ifMatch: `"${Date.parse(TAG.updatedAt)}"` },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Phishing mail');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Fake login pages');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tag saved')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      body: { description: 'Fake login pages' },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });
});
