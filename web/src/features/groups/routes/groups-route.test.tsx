import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

const NO_GROUPS = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };

describe('groups', () => {
  it('offers to create the first group from the empty list', async () => {
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () => json(200, NO_GROUPS),
    });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first group' }));
    expect(await screen.findByRole('dialog', { name: 'New group' })).toBeVisible();
  });

  it('offers a viewer, who may not create groups, nothing to press', async () => {
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/groups': () => json(200, NO_GROUPS),
    });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first group' })).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded, and loads it again on Try again', async () => {
    let refuse = true;
    renderApp('/groups', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/groups': () =>
        refuse
          ? json(400, { error: { code: 'BAD_REQUEST', message: 'The list could not be read' } })
          : json(200, NO_GROUPS),
    });
    expect(await screen.findByText('Failed to load groups')).toBeVisible();
    expect(screen.getByText(/^The list could not be read/)).toBeVisible();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load groups')).toBeNull();
  });
});
