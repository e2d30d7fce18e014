import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@scamtrail/domain/permissions';
import type { Tag, TagRef } from '@scamtrail/domain/tags';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { EMPTY_DETAIL, ITEM, page, setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

const ROMANCE: TagRef = { id: 't1', name: 'Romance', color: 'red' };
const WIRE: TagRef = { id: 't2', name: 'Wire fraud', color: 'teal' };

const detailWith = (tags: TagRef[]) => ({ ...EMPTY_DETAIL, tags });

const tagList = (tags: TagRef[]) =>
  json(200, {
    data: tags.map((tag): Tag => ({
      ...tag,
      description: '',
      usage: { cases: 0, evidence: 0, identifiers: 0, total: 0 },
      createdAt: ITEM.createdAt,
      updatedAt: ITEM.createdAt,
    })),
    pagination: { page: 1, pageSize: 500, totalItems: tags.length, totalPages: 1 },
  });

/** The Tags section of the open detail modal (editing replaces it, so look it up each time). */
const tagsSection = () => screen.getByRole('region', { name: 'Tags' });

/** The detail modal of ITEM, opened from the URL, once its Tags section is there. */
async function openTags(role: Role, routes: Parameters<typeof renderApp>[1]) {
  const view = renderApp('/identifiers?open=id-1', {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    'GET /api/identifiers': () => page([ITEM]),
    ...routes,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
  await within(dialog).findByRole('heading', { name: 'Tags' });
  return view;
}

describe('identifier tags in the detail modal', () => {
  it('shows the tags in their colours, and a viewer cannot edit them', async () => {
    await openTags('viewer', {
      'GET /api/identifiers/id-1': () => json(200, detailWith([ROMANCE, WIRE])),
    });
    const list = within(tagsSection()).getByRole('list', { name: 'Tags' });
    const shown = within(list).getAllByRole('listitem');
    expect(shown.map((item) => item.textContent)).toEqual(['Romance', 'Wire fraud']);
    expect(within(list).getByText('Romance').closest('.cds--tag')).toHaveClass('cds--tag--red');
    expect(within(list).getByText('Wire fraud').closest('.cds--tag')).toHaveClass('cds--tag--teal');
    expect(within(tagsSection()).queryByRole('button', { name: 'Edit tags' })).not.toBeInTheDocument();
  });

  it('says "No tags" when there are none', async () => {
    await openTags('investigator', {
      'GET /api/identifiers/id-1': () => json(200, detailWith([])),
    });
    expect(within(tagsSection()).getByText('No tags')).toBeInTheDocument();
    expect(within(tagsSection()).queryByRole('list')).not.toBeInTheDocument();
    expect(within(tagsSection()).getByRole('button', { name: 'Edit tags' })).toBeInTheDocument();
  });

  it('picks tags from every tag, saves the whole set and shows the saved tags', async () => {
    let saved: TagRef[] = [ROMANCE];
    const puts: unknown[] = [];
    await openTags('investigator', {
      'GET /api/identifiers/id-1': () => json(200, detailWith(saved)),
      'GET /api/tags': () => tagList([ROMANCE, WIRE]),
      'PUT /api/identifiers/id-1/tags': (init) => {
        const body = JSON.parse(String(init.body)) as { tagIds: string[] };
        puts.push(body);
        saved = [ROMANCE, WIRE].filter((tag) => body.tagIds.includes(tag.id));
        return json(200, { tags: saved });
      },
    });
    await userEvent.click(within(tagsSection()).getByRole('button', { name: 'Edit tags' }));
    const picker = await within(tagsSection()).findByRole('combobox', { name: /^Tags/ });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'Wire fraud' }));
    await userEvent.click(screen.getByRole('option', { name: 'Romance' }));
    await userEvent.click(within(tagsSection()).getByRole('button', { name: 'Save tags' }));

    expect(await screen.findByText('Tags saved')).toBeInTheDocument();
    expect(puts).toEqual([{ tagIds: [WIRE.id] }]);
    // The detail is read again: the section shows what the server now holds.
    await waitFor(() =>
      expect(
        within(tagsSection())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Wire fraud']),
    );
    expect(within(tagsSection()).queryByRole('combobox')).not.toBeInTheDocument();
    // Focus is back where the editing began.
    expect(within(tagsSection()).getByRole('button', { name: 'Edit tags' })).toHaveFocus();
  });

  it("shows the server's message when saving fails and keeps the choice", async () => {
    await openTags('admin', {
      'GET /api/identifiers/id-1': () => json(200, detailWith([])),
      'GET /api/tags': () => tagList([ROMANCE]),
      'PUT /api/identifiers/id-1/tags': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'tagIds.0: No tag with this id',
            details: { fields: [{ field: 'tagIds.0', message: 'No tag with this id' }] },
          },
        }),
    });
    await userEvent.click(within(tagsSection()).getByRole('button', { name: 'Edit tags' }));
    await userEvent.click(await within(tagsSection()).findByRole('combobox', { name: /^Tags/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Romance' }));
    await userEvent.click(within(tagsSection()).getByRole('button', { name: 'Save tags' }));

    expect(await within(tagsSection()).findByText('tagIds.0: No tag with this id')).toBeInTheDocument();
    expect(within(tagsSection()).getByText('Tags not saved')).toBeInTheDocument();
    expect(screen.queryByText('Tags saved')).not.toBeInTheDocument();
    expect(within(tagsSection()).getByRole('combobox', { name: /^Tags/ })).toBeInTheDocument();
  });
});
