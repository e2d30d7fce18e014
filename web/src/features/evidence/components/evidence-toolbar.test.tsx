import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { page } from './evidence-test-data';

const TAG = { id: '22222222-2222-4222-8222-222222222222', name: 'money-mule', color: 'purple' };
const PHISHING = { id: '33333333-3333-4333-8333-333333333333', name: 'phishing', color: 'red' };

describe('evidence toolbar', () => {
  it('names a chosen tag and kind as the case list does, and reads "All ..." before', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([TAG]),
    });
    const kind = await screen.findByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveTextContent(/^All kinds/);
    await userEvent.click(kind);
    await userEvent.click(screen.getByRole('option', { name: 'Audio' }));
    await waitFor(() => expect(kind).toHaveTextContent(/^Kind: Audio/));
    const tag = await screen.findByRole('combobox', { name: 'Tag' });
    expect(tag).toHaveValue('');
    expect(tag).toHaveAttribute('placeholder', 'All tags');
    await userEvent.click(tag);
    await userEvent.click(await screen.findByRole('option', { name: 'money-mule' }));
    await waitFor(() => expect(tag).toHaveValue('Tag: money-mule'));
  });

  it('the tag filter is a combo box, as in the case list: typed into, it narrows the tags by name', async () => {
    const { router } = renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([TAG, PHISHING]),
    });
    const tag = await screen.findByRole('combobox', { name: 'Tag' });
    await userEvent.type(tag, 'PHI');
    const listbox = screen.getByRole('listbox', { name: 'Tag' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['phishing']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'phishing' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/evidence?tagId=${PHISHING.id}`));
    expect(tag).toHaveValue('Tag: phishing');
  });

  it('leaves the tag filter out where there is no tag to choose', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([]),
    });
    expect(await screen.findByRole('combobox', { name: 'Kind' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tag' })).not.toBeInTheDocument();
  });

  it('Clear filters clears them and leaves focus in the search box, not on the page', async () => {
    const { router } = renderApp(`/evidence?kind=audio&tagId=${TAG.id}&search=call`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([TAG]),
    });
    const clear = (await screen.findAllByRole('button', { name: 'Clear filters' }))[0];
    await waitFor(() => expect(clear).toBeEnabled());
    const tag = await screen.findByRole('combobox', { name: 'Tag' });
    expect(tag).toHaveValue('Tag: money-mule');
    await userEvent.click(clear);
    await waitFor(() => expect(currentPath(router)).toBe('/evidence'));
    expect(screen.getByRole('searchbox', { name: 'Search evidence' })).toHaveFocus();
    expect(tag).toHaveValue('');
  });
});
