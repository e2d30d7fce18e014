import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

const NO_AUTOMATIONS = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };

function renderEmptyList() {
  renderApp('/automations', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/automations': () => json(200, NO_AUTOMATIONS),
  });
}

describe('automations', () => {
  it('offers to create the first automation from the empty list', async () => {
    renderEmptyList();
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first automation' }));
    expect(await screen.findByRole('dialog', { name: 'New automation' })).toBeVisible();
  });

  it('names the chosen status in its filter, as the other lists do', async () => {
    renderEmptyList();
    const filter = await screen.findByRole('combobox', { name: /Status/ });
    expect(filter).toHaveTextContent(/^All statuses/);
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(filter).toHaveTextContent(/^Status: Inactive/));
  });

  it('clears the filters from a filtered empty list, as its text suggests', async () => {
    renderEmptyList();
    const search = await screen.findByRole('searchbox', { name: 'Search automations' });
    await userEvent.type(search, 'mailbox');
    expect(await screen.findByRole('heading', { name: 'No automations match' })).toBeInTheDocument();
    const [, inEmptyState] = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(inEmptyState);
    expect(search).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'No automations yet' })).toBeInTheDocument();
  });
});
