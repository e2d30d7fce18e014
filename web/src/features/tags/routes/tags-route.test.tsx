import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

const NO_TAGS = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };

describe('tags', () => {
  it('offers to create the first tag from the empty list', async () => {
    renderApp('/tags', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/tags': () => json(200, NO_TAGS),
    });
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first tag' }));
    expect(await screen.findByRole('dialog', { name: 'New tag' })).toBeVisible();
  });
});
