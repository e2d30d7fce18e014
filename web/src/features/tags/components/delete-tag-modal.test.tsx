import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '@scamtrail/domain/tags';
import { json, makeUser, renderApp } from '../../../test/render-app';

const TAG_ID = '44444444-4444-4444-8444-444444444444';
const IN_USE_MESSAGE = 'The tag is on 2 identifiers and 1 case; remove it from them first';

function tag(usage: Tag['usage']): Tag {
  return {
    id: TAG_ID,
    name: 'Phishing',
    color: 'red',
    description: 'Credential theft',
    usage,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
  };
}

function renderTags(listed: Tag, deleteAnswer: () => Response) {
  const deletes = vi.fn(deleteAnswer);
  renderApp('/tags', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/tags': () =>
      json(200, { data: [listed], pagination: { page: 1, pageSize: 25, totalItems: 1, totalPages: 1 } }),
    [`DELETE /api/tags/${TAG_ID}`]: deletes,
  });
  return deletes;
}

async function openDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Phishing' }));
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  await user.click(items.find((item) => item.textContent === 'Delete')!);
  const heading = await screen.findByRole('heading', { name: 'Delete tag “Phishing”?' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

afterEach(() => vi.unstubAllGlobals());

describe('deleting a tag', () => {
  it('shows the server’s refusal while the tag is in use, and does not offer to try again', async () => {
    const user = userEvent.setup();
    // The list said unused (stale); the server knows better.
    const deletes = renderTags(tag({ identifiers: 0, cases: 0, evidence: 0, total: 0 }), () =>
      json(409, { error: { code: 'IN_USE', message: IN_USE_MESSAGE } }),
    );
    const dialog = await openDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(IN_USE_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText('The tag is in use')).toBeVisible();
    expect(dialog.querySelector('.cds--inline-notification--error')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(deletes).toHaveBeenCalledOnce();
  });

  it('warns before deleting a tag the list shows in use', async () => {
    const user = userEvent.setup();
    renderTags(tag({ identifiers: 2, cases: 1, evidence: 0, total: 3 }), () => json(204));
    const dialog = await openDelete(user);
    expect(within(dialog).getByText(/It is on 2 identifiers and 1 case/)).toBeVisible();
  });

  it('deletes an unused tag and says so', async () => {
    const user = userEvent.setup();
    const deletes = renderTags(
      tag({ identifiers: 0, cases: 0, evidence: 0, total: 0 }),
      () => new Response(null, { status: 204 }),
    );
    const dialog = await openDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag deleted')).toBeVisible();
    expect(deletes).toHaveBeenCalledOnce();
  });
});
