import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ENTERED_FOR_MEMBER } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import type { IdentifierDetail, IdentifierEvidence, IdentifierItem } from '../api/identifier-types';
import { EMPTY_DETAIL, ITEM, page, setUpRouteTests } from '../routes/identifiers-test-setup';

setUpRouteTests();

const INSTAGRAM: IdentifierItem = {
  ...ITEM,
  type: 'social_media',
  typeLabel: 'Social Media',
  data: { platform: 'instagram', username: '@romance.helper' },
  displayValue: 'Instagram: @romance.helper',
  evidenceCount: 1,
};

const evidence = (n: number): IdentifierEvidence => ({
  id: `ev-${n}`,
  title: `Evidence ${n}`,
  kind: n % 2 ? 'written' : 'screenshot',
  createdAt: '2026-11-20T12:00:00.000Z',
  fileName: n % 2 ? null : `shot-${n}.png`,
  contentType: n % 2 ? null : 'image/png',
  sizeBytes: n % 2 ? null : 2048,
  sha256: null,
});
const firstPageOf = (items: IdentifierEvidence[]) =>
  items.map(({ id, title, kind, createdAt }) => ({ id, title, kind, createdAt }));

/** The detail as the server answers it: written evidence holds no file, so it is not in `media`. */
const DETAIL: IdentifierDetail = {
  ...EMPTY_DETAIL,
  ...INSTAGRAM,
  evidence: [
    { id: 'ev-dm', title: 'Instagram DM transcript', kind: 'written', createdAt: '2026-11-20T12:00:00.000Z' },
  ],
  evidenceCount: 1,
  media: [],
  mediaCount: 0,
};

async function attachedMedia(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Social Media Details' });
  return within(dialog).findByRole('region', { name });
}

describe('identifier detail: attached media', () => {
  it("lists the evidence linked to the identifier, counted as the list's Evidence column counts it", async () => {
    renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([INSTAGRAM]),
      'GET /api/identifiers/id-1': () => json(200, DETAIL),
    });
    const row = (await screen.findByRole('link', { name: 'Instagram: @romance.helper' })).closest('tr')!;
    const evidenceCell = within(row).getAllByRole('cell')[1];
    expect(evidenceCell).toHaveTextContent('1');

    const section = await attachedMedia('Attached Media (1)');
    expect(within(section).queryByText('No media attached.')).not.toBeInTheDocument();
    const items = within(within(section).getByRole('list', { name: 'Media' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]).getByRole('link', { name: 'Instagram DM transcript' })).toHaveAttribute(
      'href',
      '/evidence?open=ev-dm',
    );
    expect(within(items[0]).getByText('Written')).toBeInTheDocument();
    expect(within(items[0]).getByText('Nov 20, 2026')).toBeInTheDocument();
  });

  it('pages through all the evidence, with or without a file, from the evidence sub-resource', async () => {
    const all = Array.from({ length: 12 }, (_, i) => evidence(i + 1));
    const { fetchMock } = renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([{ ...INSTAGRAM, evidenceCount: 12 }]),
      'GET /api/identifiers/id-1': () =>
        json(200, {
          ...DETAIL,
          evidence: firstPageOf(all.slice(0, 10)),
          evidenceCount: 12,
          media: [],
          mediaCount: 6,
        }),
      'GET /api/identifiers/id-1/evidence': () =>
        json(200, {
          data: all.slice(10),
          pagination: { page: 2, pageSize: 10, totalItems: 12, totalPages: 2 },
        }),
    });
    const section = await attachedMedia('Attached Media (12)');
    const titles = () =>
      within(within(section).getByRole('list', { name: 'Media' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(titles()).toEqual(all.slice(0, 10).map((item) => item.title));

    await userEvent.click(within(section).getByRole('button', { name: 'Next page' }));
    await within(section).findByRole('link', { name: 'Evidence 11' });
    expect(titles()).toEqual(['Evidence 11', 'Evidence 12']);
    expect(within(section).getByRole('link', { name: 'Evidence 12' })).toHaveAttribute(
      'href',
      '/evidence?open=ev-12',
    );
    expect(within(section).getByText('Screenshot')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/identifiers/id-1/evidence');
    // Every item the user may see, not only those holding a file.
    expect(asked.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ page: '2', pageSize: '10' }]);
  });

  it('keeps an item’s icon beside its text, the tag and date following the text', async () => {
    renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([INSTAGRAM]),
      'GET /api/identifiers/id-1': () =>
        json(200, {
          ...DETAIL,
          journalEntries: [
            {
              id: 'j1',
              type: 'call',
              description: 'A long description of the call '.repeat(8),
              performedAt: '2026-11-20T12:00:00.000Z',
              createdAt: '2026-11-20T12:00:00.000Z',
              mediaIds: ['m1'],
            },
          ],
          journalEntryCount: 1,
        }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Social Media Details' });
    const section = await within(dialog).findByRole('region', { name: 'Related Journal Entries (1)' });
    const [item] = within(section).getAllByRole('listitem');
    // Two columns: the icon, and the text with its tag and date, which wrap within the second.
    const [icon, body] = Array.from(item.children);
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icon).toHaveAccessibleName('Call');
    expect(item.children).toHaveLength(2);
    expect(body).toHaveClass('identifier-detail__item-body');
    expect(within(body as HTMLElement).getByText(/A long description of the call/)).toBeInTheDocument();
    expect(within(body as HTMLElement).getByText('Call')).toBeInTheDocument();
    expect(within(body as HTMLElement).getByText(/Nov 20, 2026 · 1 media file/)).toBeInTheDocument();
  });
});

describe('identifier detail: created by', () => {
  async function createdBy(item: IdentifierItem) {
    renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([item]),
      'GET /api/identifiers/id-1': () => json(200, { ...EMPTY_DETAIL, ...item }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    return within(dialog).getByRole('region', { name: 'Created By' });
  }

  it('shows the originator alone when the user recorded it', async () => {
    const section = await createdBy(ITEM);
    expect(within(section).getByRole('button', { name: 'Ada Okafor (Team)' })).toBeVisible();
    expect(section).not.toHaveTextContent('entered by');
  });

  it('says who entered an identifier a community member reported', async () => {
    const section = await createdBy({ ...ITEM, originator: ENTERED_FOR_MEMBER });
    expect(within(section).getByRole('button', { name: 'scamwatcher42 (Community)' })).toBeVisible();
    expect(within(section).getByText('entered by Ada Okafor (Team)')).toBeVisible();
  });
});

describe('identifier detail: load failure', () => {
  it('says "Failed to load identifier details" when the answer carries no message, and shows the list’s copy', async () => {
    // An HTML page where JSON was expected (a proxy or a fallback page answering for the API): the
    // call fails without a message of the server's. Such a failure is retried before it is reported.
    const { router } = renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([INSTAGRAM]),
      'GET /api/identifiers/id-1': () =>
        new Response('<!doctype html><title>Scamtrail</title>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    expect(await screen.findByText('Failed to load identifier details')).toBeInTheDocument();
    // Let the navigation a close would start (removing ?open=) run before looking.
    await act(async () => {});
    expect(currentPath(router)).toBe('/identifiers?open=id-1');
    const dialog = screen.getByRole('dialog', { name: 'Social Media Details' });
    expect(within(dialog).getByText('Instagram: @romance.helper')).toBeInTheDocument();
  });
});

describe('identifier detail: counts the reader may not read', () => {
  it('shows a dash, never 0, and no section, for the counts the server leaves out', async () => {
    // A sign-in narrowed to identifier.view: the server leaves out the counts of evidence, entries and
    // cases, and lists none of them.
    const {
      evidenceCount: _evidence,
      mediaCount: _media,
      journalEntryCount: _entries,
      caseCount: _cases,
      ...detail
    } = DETAIL;
    const { evidenceCount: _e, ...item } = INSTAGRAM;
    const pivot = { firstSeenAt: null, lastSeenAt: null, originatorCount: 1 };
    renderApp('/identifiers?open=id-1', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/identifiers': () => page([item]),
      'GET /api/identifiers/id-1': () => json(200, { ...detail, evidence: [], pivot }),
    });
    const row = (await screen.findByRole('link', { name: 'Instagram: @romance.helper' })).closest('tr')!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('—');

    const dialog = await screen.findByRole('dialog', { name: 'Social Media Details' });
    const seenIn = await within(dialog).findByRole('region', { name: 'Seen In' });
    for (const label of ['Cases', 'Journal Entries', 'Evidence']) {
      expect(within(seenIn).getByText(label).nextElementSibling).toHaveTextContent(/^—$/);
    }
    expect(within(seenIn).queryByText('0')).not.toBeInTheDocument();
    for (const name of [/^Attached Media/, /^Related Journal Entries/, /^Cases/]) {
      expect(within(dialog).queryByRole('region', { name })).not.toBeInTheDocument();
    }
  });
});
