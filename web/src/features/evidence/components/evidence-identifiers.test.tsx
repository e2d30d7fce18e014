import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@scamtrail/domain/permissions';
import { json, makeUser, renderApp } from '../../../test/render-app';
import type { LinkedIdentifier, LinkingEntry } from '../api/evidence-types';
import { CASE_ID, CUSTODY, NO_TAGS, page, SCREENSHOT } from './evidence-test-data';

afterEach(() => vi.unstubAllGlobals());

const PHONE: LinkedIdentifier = {
  id: 'i1',
  type: 'phone',
  typeLabel: 'Phone',
  displayValue: '+1 202-555-0143',
  linkedAt: '2026-11-20T12:10:00.000Z',
};
const EMAIL: LinkedIdentifier = {
  id: 'i2',
  type: 'email',
  typeLabel: 'Email',
  displayValue: 'mule@example.com',
  linkedAt: '2026-11-20T12:20:00.000Z',
};
const ENTRY: LinkingEntry = {
  id: 'j1',
  type: 'call',
  performedAt: '2026-11-20T13:00:00.000Z',
  summary: 'Called the bank about the transfer',
  case: { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' },
};

/** The server, holding the item's links: POST and DELETE change them as the real one does. */
function server(role: Role = 'investigator') {
  const linked = new Map<string, LinkedIdentifier>([[PHONE.id, PHONE]]);
  const item = () => ({ ...SCREENSHOT, identifierCount: linked.size });
  const link = (id: string, on: boolean) => {
    if (on) linked.set(id, EMAIL);
    else linked.delete(id);
    return json(200, item());
  };
  return {
    linked,
    routes: {
      'GET /api/auth/me': () => json(200, makeUser(role)),
      'GET /api/evidence': () => page([item()]),
      'GET /api/tags': NO_TAGS,
      'GET /api/evidence/e1': () => json(200, item()),
      'GET /api/evidence/e1/custody': () => page(CUSTODY),
      'GET /api/evidence/e1/identifiers': () => page([...linked.values()].reverse()),
      'GET /api/evidence/e1/journal-entries': () => page([ENTRY, { ...ENTRY, id: 'j2', case: null }]),
      'GET /api/identifiers': () => page([{ ...EMAIL, data: {}, normalizedKey: EMAIL.displayValue }]),
      'POST /api/evidence/e1/identifiers/i2': () => link('i2', true),
      'DELETE /api/evidence/e1/identifiers/i1': () => link('i1', false),
    },
  };
}

async function findDetail() {
  const heading = await screen.findByRole('heading', { name: SCREENSHOT.title });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

const calls = (fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
  );

describe("an evidence item's identifiers and journal entries", () => {
  it('lists the linked identifiers, each opening its details, and the entries, each opening its timeline', async () => {
    const { routes } = server();
    renderApp('/evidence?open=e1', routes);
    const detail = await findDetail();
    const identifiers = await within(detail).findByRole('list', { name: 'Linked identifiers' });
    expect(within(identifiers).getByRole('link', { name: PHONE.displayValue })).toHaveAttribute(
      'href',
      '/identifiers?open=i1',
    );
    expect(within(identifiers).getByText('Phone')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { name: 'Identifiers (1)' })).toBeInTheDocument();

    const entries = await within(detail).findByRole('list', { name: 'Journal entries' });
    const items = within(entries).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: ENTRY.summary })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}?tab=timeline`,
    );
    expect(items[0]).toHaveTextContent(/^Called the bank about the transferCall · .+ · #42 Romance scam$/);
    // An entry not yet in a case has no timeline to open.
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Not in a case yet');
  });

  it('offers an identifier on record written differently from what was typed', async () => {
    const { routes } = server();
    const stored = { ...EMAIL, displayValue: '+44 7700900123', type: 'phone', typeLabel: 'Phone' };
    const { fetchMock } = renderApp('/evidence?open=e1', {
      ...routes,
      // The display value does not hold "+44 7700 900123"; its normalised key does.
      'GET /api/identifiers': () => page([]),
      'GET /api/identifiers/matches': () => json(200, { data: [{ ...stored, data: {}, tags: [] }] }),
    });
    const detail = await findDetail();
    await within(detail).findByRole('list', { name: 'Linked identifiers' });
    await userEvent.type(
      within(detail).getByRole('combobox', { name: 'Link an identifier' }),
      '+44 7700 900123',
    );
    expect(await screen.findByRole('option', { name: '+44 7700900123 (Phone)' })).toBeInTheDocument();
    const asked = calls(fetchMock, 'GET', '/api/identifiers/matches').map(([url]) =>
      new URL(String(url), 'http://x').searchParams.get('value'),
    );
    expect(asked).toContain('+44 7700 900123');
  });

  it('links an identifier found by search, and unlinks one, refreshing the list, count and custody', async () => {
    const { routes } = server();
    const { fetchMock } = renderApp('/evidence?open=e1', routes);
    const detail = await findDetail();
    await within(detail).findByRole('list', { name: 'Linked identifiers' });
    const custodyReads = () => calls(fetchMock, 'GET', '/api/evidence/e1/custody').length;
    const before = custodyReads();

    await userEvent.type(within(detail).getByRole('combobox', { name: 'Link an identifier' }), 'mule');
    const searches = () =>
      calls(fetchMock, 'GET', '/api/identifiers').map(([url]) =>
        new URL(String(url), 'http://x').searchParams.get('search'),
      );
    // The server searches: what was typed is asked for.
    await waitFor(() => expect(searches()).toContain('mule'));
    await userEvent.click(await screen.findByRole('option', { name: 'mule@example.com (Email)' }));
    const identifiers = within(detail).getByRole('list', { name: 'Linked identifiers' });
    expect(await within(identifiers).findByRole('link', { name: EMAIL.displayValue })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/evidence/e1/identifiers/i2')).toHaveLength(1);
    expect(within(detail).getByRole('heading', { name: 'Identifiers (2)' })).toBeInTheDocument();
    await waitFor(() => expect(custodyReads()).toBeGreaterThan(before));
    // The box is empty again, ready for the next one.
    const box = within(detail).getByRole('combobox', { name: 'Link an identifier' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    // Once linked it is not offered again: the search says nothing else matches.
    await userEvent.type(box, 'mule');
    expect(
      await within(detail).findByText('No other identifier on record matches "mule".'),
    ).toBeInTheDocument();

    await userEvent.click(within(detail).getByRole('button', { name: `Unlink ${PHONE.displayValue}` }));
    await waitFor(() =>
      expect(within(identifiers).queryByRole('link', { name: PHONE.displayValue })).not.toBeInTheDocument(),
    );
    expect(calls(fetchMock, 'DELETE', '/api/evidence/e1/identifiers/i1')).toHaveLength(1);
    expect(within(detail).getByRole('heading', { name: 'Identifiers (1)' })).toBeInTheDocument();
    // The Unlink button went with its row: focus waits in the search.
    await waitFor(() => expect(box).toHaveFocus());
  });

  it("shows the server's message when a link is refused", async () => {
    const { routes } = server();
    const message = 'The case is archived: reopen it to add or change its evidence';
    renderApp('/evidence?open=e1', {
      ...routes,
      'DELETE /api/evidence/e1/identifiers/i1': () => json(409, { error: { code: 'CONFLICT', message } }),
    });
    const detail = await findDetail();
    await userEvent.click(
      await within(detail).findByRole('button', { name: `Unlink ${PHONE.displayValue}` }),
    );
    expect(await within(detail).findByText(message)).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: PHONE.displayValue })).toBeInTheDocument();
  });

  it('offers no linking or unlinking without evidence.edit', async () => {
    const { routes } = server('viewer');
    renderApp('/evidence?open=e1', routes);
    const detail = await findDetail();
    await within(detail).findByRole('link', { name: PHONE.displayValue });
    expect(within(detail).queryByRole('combobox', { name: 'Link an identifier' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: /^Unlink/ })).not.toBeInTheDocument();
  });
});
