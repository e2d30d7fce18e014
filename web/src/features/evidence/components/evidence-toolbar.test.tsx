import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { page } from './evidence-test-data';

const TAG = { id: '22222222-2222-4222-8222-222222222222', name: 'money-mule', color: 'purple' };

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
    expect(tag).toHaveTextContent(/^All tags/);
    await userEvent.click(tag);
    await userEvent.click(await screen.findByRole('option', { name: 'money-mule' }));
    await waitFor(() => expect(tag).toHaveTextContent(/^Tag: money-mule/));
  });

  it('Clear filters clears them and leaves focus in the search box, not on the page', async () => {
    const { router } = renderApp('/evidence?kind=audio&search=call', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([TAG]),
    });
    const clear = (await screen.findAllByRole('button', { name: 'Clear filters' }))[0];
    await waitFor(() => expect(clear).toBeEnabled());
    await userEvent.click(clear);
    await waitFor(() => expect(currentPath(router)).toBe('/evidence'));
    expect(screen.getByRole('searchbox', { name: 'Search evidence' })).toHaveFocus();
  });
});
