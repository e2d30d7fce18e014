import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Admin', () => {
  it('describes Tags as the Tags page does: labels for cases, evidence and identifiers', async () => {
    renderApp('/admin', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    const heading = await screen.findByRole('heading', { name: 'Tags', level: 2 });
    const tile = heading.closest('a')!;
    expect(tile).toHaveAttribute('href', '/tags');
    expect(within(tile).getByText(/^The labels/)).toHaveTextContent(
      'The labels investigators attach to cases, evidence and identifiers.',
    );
  });

  it('describes Export Streams as the streams page does: feeds of more than cases, read by other systems', async () => {
    renderApp('/admin', { 'GET /api/auth/me': () => json(200, makeUser('admin')) });
    const heading = await screen.findByRole('heading', { name: 'Export Streams', level: 2 });
    const tile = heading.closest('a')!;
    expect(tile).toHaveAttribute('href', '/export-streams');
    expect(within(tile).getByText(/^Feeds/)).toHaveTextContent(
      'Feeds of cases, journal entries, evidence, identifiers and more that other systems read.',
    );
  });
});
