import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import type { IdentifierItem } from '../api/identifier-types';
import { ITEM, page, setUpRouteTests } from './identifiers-test-setup';

setUpRouteTests();

const PHONE: IdentifierItem = {
  ...ITEM,
  id: 'phone-1',
  type: 'phone',
  typeLabel: 'Phone',
  data: { countryCode: '+44', number: '7700900123' },
  displayValue: '+44 7700900123',
};

const matchCalls = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/identifiers/matches')
    .map((url) => url.searchParams.get('value'));

describe('identifiers a search names, written differently', () => {
  it('shows the phone number on record when the search writes it with spaces, linking to its detail', async () => {
    const { router, fetchMock } = renderApp('/identifiers?search=%2B44%207700%20900123', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => page([]),
      'GET /api/identifiers/matches': () => json(200, { data: [PHONE] }),
      'GET /api/identifiers/phone-1': () => json(404, { error: { code: 'NOT_FOUND', message: 'gone' } }),
    });
    const title = await screen.findByText('On record, written differently');
    const notice = title.closest<HTMLElement>('.identifier-matches')!;
    expect(notice).toHaveTextContent('+44 7700900123 (Phone)');
    // The empty list below does not say that nothing matches: the notice above names what does.
    expect(screen.queryByText(/No identifier matches/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No other identifiers found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Only the identifier on record above, written differently, matches "+44 7700 900123".',
      ),
    ).toBeInTheDocument();
    expect(matchCalls(fetchMock)).toEqual(['+44 7700 900123']);

    const link = within(notice).getByRole('link', { name: '+44 7700900123' });
    expect(link).toHaveAccessibleDescription('On record, written differently');
    // The detail answers 404 here, so the list closes it again: every location the router went
    // through is kept, not only the one it ends on.
    const visited: string[] = [];
    const stop = router.subscribe(() => visited.push(currentPath(router)));
    await userEvent.click(link);
    await waitFor(() => expect(visited.some((path) => path.includes('open=phone-1'))).toBe(true));
    stop();
  });

  it('shows only matches of the type the list is filtered by, as the list and its CSV do', async () => {
    const { fetchMock } = renderApp('/identifiers?search=%2B44%207700%20900123&type=email', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => page([]),
      // As the server answers: under `type`, only identifiers of that type.
      'GET /api/identifiers/matches': (_, url) => {
        const type = url.searchParams.get('type');
        return json(200, { data: [PHONE].filter((item) => !type || item.type === type) });
      },
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([url]) => new URL(String(url), 'http://localhost'))
          .filter((url) => url.pathname === '/api/identifiers/matches')
          .map((url) => Object.fromEntries(url.searchParams)),
      ).toEqual([{ value: '+44 7700 900123', type: 'email' }]),
    );
    expect(await screen.findByText('No identifier matches "+44 7700 900123".')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No identifiers found' })).toBeInTheDocument();
    expect(screen.queryByText('On record, written differently')).not.toBeInTheDocument();
  });

  it('does not repeat a match the list already shows', async () => {
    renderApp('/identifiers?search=scam%40example.org', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/identifiers/matches': () => json(200, { data: [ITEM] }),
    });
    expect(await screen.findByRole('link', { name: 'scam@example.org' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('On record, written differently')).not.toBeInTheDocument());
  });

  it('does not ask for matches when the search has no digit and no @', async () => {
    const { fetchMock } = renderApp('/identifiers?search=gmail', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => page([ITEM]),
      'GET /api/identifiers/matches': () => json(200, { data: [PHONE] }),
    });
    expect(await screen.findByRole('link', { name: 'scam@example.org' })).toBeInTheDocument();
    expect(matchCalls(fetchMock)).toEqual([]);
    expect(screen.queryByText('On record, written differently')).not.toBeInTheDocument();
  });

  it('shows no match when the list failed to load (a failed load shows nothing)', async () => {
    renderApp('/identifiers?search=%2B44%207700%20900123', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/identifiers': () => json(503, { error: { code: 'UNAVAILABLE', message: 'Down' } }),
      'GET /api/identifiers/matches': () => json(200, { data: [PHONE] }),
    });
    expect(await screen.findByText('Identifiers could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('On record, written differently')).not.toBeInTheDocument();
  });
});
