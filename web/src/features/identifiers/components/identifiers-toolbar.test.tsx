import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { page, setUpRouteTests } from '../routes/identifiers-test-setup';

setUpRouteTests();

describe('identifiers toolbar', () => {
  it('names a chosen type as the other lists name their filters, and reads "All types" before', async () => {
    const { router } = renderApp('/identifiers', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/identifiers': () => page([]),
    });
    const type = await screen.findByRole('combobox', { name: 'Type' });
    expect(type).toHaveTextContent(/^All types/);
    await userEvent.click(type);
    await userEvent.click(screen.getByRole('option', { name: 'Zelle' }));
    await waitFor(() => expect(currentPath(router)).toBe('/identifiers?type=zelle'));
    expect(type).toHaveTextContent(/^Type: Zelle/);
  });
});
