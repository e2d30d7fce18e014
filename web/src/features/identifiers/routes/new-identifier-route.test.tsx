import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp, UNAUTHENTICATED } from '../../../test/render-app';
import { setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

describe('New Identifier page', { timeout: 20_000 }, () => {
  it('gives an investigator the form', async () => {
    renderApp('/identifiers/new', { 'GET /api/auth/me': () => json(200, makeUser('investigator')) });
    expect(await screen.findByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('tells a viewer they cannot create identifiers instead of a form that can only fail', async () => {
    renderApp('/identifiers/new', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
    expect(await screen.findByRole('heading', { name: 'You cannot create identifiers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to identifiers' })).toHaveAttribute('href', '/identifiers');
  });

  it('sends a visitor who is not signed in to sign in, and back here afterwards', async () => {
    const { router } = renderApp('/identifiers/new', {
      'GET /api/auth/me': () => json(401, UNAUTHENTICATED),
    });
    await waitFor(() =>
      expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/identifiers/new')}`),
    );
  });
});
