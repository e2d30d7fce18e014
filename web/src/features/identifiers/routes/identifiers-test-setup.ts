import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { json } from '../../../test/render-app';
import type { IdentifierDetail, IdentifierItem } from '../api/identifier-types';

/* Shared set-up and data of the identifiers route tests. */

export const ITEM: IdentifierItem = {
  id: 'id-1',
  type: 'email',
  typeLabel: 'Email',
  data: { address: 'scam@example.org' },
  displayValue: 'scam@example.org',
  confidence: { score: 0.9 },
  evidenceCount: 0,
  originator: {
    id: 'o1',
    type: 'team_member',
    name: 'Ada Okafor',
    displayName: 'Ada Okafor (Team)',
    proxy: null,
  },
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};
/** ITEM's detail with nothing attached, never validated or reviewed, and untagged. */
export const EMPTY_DETAIL: IdentifierDetail = {
  ...ITEM,
  evidence: [],
  evidenceCount: 0,
  media: [],
  mediaCount: 0,
  journalEntries: [],
  journalEntryCount: 0,
  validation: [],
  confidenceReasons: [],
  validatedAt: null,
  tags: [],
  cases: [],
  caseCount: 0,
  review: { status: 'pending', note: null, reviewedAt: null, reviewedBy: null },
  pivot: {
    caseCount: 0,
    journalEntryCount: 0,
    evidenceCount: 0,
    firstSeenAt: null,
    lastSeenAt: null,
    originatorCount: 1,
  },
  enrichment: [],
};

export const SECOND: IdentifierItem = {
  ...ITEM,
  id: 'id-2',
  displayValue: 'Zelle: 5551234567',
  type: 'zelle',
  typeLabel: 'Zelle',
  evidenceCount: 4,
  originator: null,
};

export const page = (data: IdentifierItem[], extra: object = {}) =>
  json(200, {
    data,
    pagination: { page: 1, pageSize: 25, totalItems: data.length, totalPages: 1 },
    totalIsEstimate: false,
    ...extra,
  });

/** Patience for the lazily loaded route, the jsdom gaps Carbon needs filled, clean globals after. */
export function setUpRouteTests() {
  beforeEach(() => {
    // Carbon's TextArea measures itself; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * The open row menu's items. Carbon positions the menu after measuring it, which jsdom cannot, so
 * it stays "hidden" to accessibility queries.
 */
export async function openRowMenu(label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${label}` }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .queryAllByRole('menuitem', { hidden: true })
    .map((item) => item.textContent);
}

/** AppModal's dialogs are named by their label, not their title: find them by the title. */
export async function findDialog(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

export function listCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/identifiers');
}
