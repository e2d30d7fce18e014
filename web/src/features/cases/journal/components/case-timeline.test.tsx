import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import { json, makeUser } from '../../../../test/render-app';
import {
  CASE_ID,
  callsTo,
  ENTRY,
  findDialog,
  journalPage,
  openEntryMenu,
  renderTimeline,
} from './timeline-test-setup';

const JOURNAL = `/api/cases/${CASE_ID}/journal-entries`;

const REMOVED: JournalEntry = {
  ...ENTRY,
  id: '33333333-3333-4333-8333-333333333333',
  type: 'note',
  description: 'Wrong case: this was about another victim.',
  isNullified: true,
  nullifiedReason: 'Entered in the wrong case',
  nullifiedAt: '2026-11-21T09:30:00.000Z',
  nullifiedBy: 'Grace Hopper',
};

describe('case timeline', () => {
  it('shows each entry with its type, time, originator, description, evidence and identifiers', async () => {
    const entry: JournalEntry = {
      ...ENTRY,
      evidence: [
        { id: 'e-1', title: 'Wire receipt', kind: 'screenshot', mediaType: 'image/png', sha256: null },
        { id: 'e-2', title: 'Chat transcript', kind: 'written', mediaType: null, sha256: null },
      ],
      identifiers: [{ id: 'i-1', type: 'phone', displayValue: '+1 5550100' }],
      identifierIds: ['i-1'],
    };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([entry]) });
    const card = await screen.findByRole('article', { name: /^Call entry/ });
    expect(screen.getByText('1 entry, newest first')).toBeInTheDocument();
    expect(within(card).getByText('Call')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ada Okafor (Team)' })).toBeInTheDocument();
    // The description keeps its line breaks.
    const keepBreaks = getDefaultNormalizer({ collapseWhitespace: false });
    expect(within(card).getByText(ENTRY.description, { normalizer: keepBreaks })).toHaveClass(
      'timeline-entry__description',
    );
    const evidence = within(card).getByRole('list', { name: 'Linked evidence' });
    expect(within(evidence).getByRole('link', { name: /Wire receipt/ })).toHaveAttribute(
      'href',
      '/evidence?open=e-1',
    );
    expect(within(evidence).getByRole('link', { name: /Wire receipt/ })).toHaveTextContent('Image');
    expect(within(evidence).getByRole('link', { name: 'Chat transcript' })).toBeInTheDocument();
    const identifiers = within(card).getByRole('list', { name: 'Linked identifiers' });
    expect(within(identifiers).getByRole('link', { name: '+1 5550100' })).toHaveAttribute(
      'href',
      '/identifiers?open=i-1',
    );
    // A chip's text may end in an ellipsis: the whole of it is the tooltip.
    expect(within(identifiers).getByTitle('+1 5550100')).toHaveTextContent('+1 5550100');
    expect(within(evidence).getByTitle('Chat transcript')).toHaveTextContent('Chat transcript');
  });

  it('hides removed entries until asked, then shows them struck through with who, when and why', async () => {
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: (_init, url) =>
        journalPage(url.searchParams.get('includeNullified') === 'true' ? [ENTRY, REMOVED] : [ENTRY]),
    });
    await screen.findByRole('article', { name: /^Call entry/ });
    expect(screen.queryByRole('article', { name: /removed$/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', JOURNAL)[0].url.searchParams.has('includeNullified')).toBe(false);

    await userEvent.click(screen.getByRole('switch', { name: 'Show removed entries' }));
    const removed = await screen.findByRole('article', { name: /^Note entry.*removed$/ });
    expect(removed).toHaveClass('timeline-entry--removed');
    expect(
      within(removed).getByText(/^Removed by Grace Hopper on Nov 21, 2026, .*: Entered in the wrong case$/),
    ).toBeInTheDocument();
    // A removed entry offers no actions.
    expect(within(removed).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('filters by type and by evidence on the server, and pages from it', async () => {
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () =>
        json(200, { data: [ENTRY], pagination: { page: 1, pageSize: 25, totalItems: 60, totalPages: 3 } }),
    });
    await screen.findByRole('article', { name: /^Call entry/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Has evidence' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', JOURNAL).at(-1)?.url.searchParams.get('hasEvidence')).toBe('true'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', JOURNAL).at(-1)?.url.searchParams.get('page')).toBe('2'),
    );
    expect(callsTo(fetchMock, 'GET', JOURNAL).at(-1)?.url.searchParams.get('hasEvidence')).toBe('true');
  });

  it('searches the entries’ text on the server once typing pauses, and marks what it found', async () => {
    let matching = true;
    const { fetchMock, router } = renderTimeline({
      [`GET ${JOURNAL}`]: (_init, url) =>
        url.searchParams.get('search') && !matching ? journalPage([]) : journalPage([ENTRY]),
    });
    await screen.findByRole('article', { name: /^Call entry/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the journal' }), ' WIRE ');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', JOURNAL).at(-1)?.url.searchParams.get('search')).toBe('WIRE'),
    );
    // One request for the words typed, not one per keystroke.
    expect(
      callsTo(fetchMock, 'GET', JOURNAL).filter((call) => call.url.searchParams.has('search')),
    ).toHaveLength(1);
    expect(router.state.location.search).toBe('?journalSearch=WIRE');
    const entry = screen.getByRole('article', { name: /^Call entry/ });
    await waitFor(() => expect(entry.querySelector('mark')?.textContent).toBe('wire'));
    expect(screen.getByText('1 entry matches, newest first')).toBeInTheDocument();

    matching = false;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the journal' }), 'd');
    expect(await screen.findByText('No entries match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search the journal' })).toHaveValue('');
    expect(await screen.findByRole('article', { name: /^Call entry/ })).toBeInTheDocument();
  });

  it('says when the case has no entries yet and offers to add one', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([]) });
    expect(await screen.findByRole('heading', { name: 'No journal entries yet' })).toBeInTheDocument();
    // Once: the header does not repeat the empty state's button.
    expect(screen.getAllByRole('button', { name: 'Add entry' })).toHaveLength(1);
  });

  it('says who entered an entry reported by a community member', async () => {
    const reported: JournalEntry = {
      ...ENTRY,
      originator: {
        id: 'o-9',
        type: 'community_member',
        name: 'scamwatcher42',
        displayName: 'scamwatcher42 (Community)',
        proxy: { id: 'o-1', type: 'team_member', name: 'Ada Okafor', displayName: 'Ada Okafor (Team)' },
      },
    };
    const plain: JournalEntry = { ...ENTRY, id: '44444444-4444-4444-8444-444444444444', type: 'note' };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([reported, plain]) });
    const article = await screen.findByRole('article', { name: /^Call entry/ });
    expect(within(article).getByText('entered by Ada Okafor (Team)')).toBeInTheDocument();

    // Both badges in the same place of their header: its second part, after the type and time, with
    // "entered by" after the badge (the layout puts that part on its own line, spec'd by e2e/responsive).
    const place = (entry: HTMLElement, name: string) => {
      const header = entry.querySelector('header')!;
      const badge = within(header).getByRole('button', { name });
      const part = [...header.children].find((child) => child.contains(badge))!;
      return {
        part: part.className,
        index: [...header.children].indexOf(part),
        first: part.firstElementChild,
      };
    };
    const reportedPlace = place(article, 'scamwatcher42 (Community)');
    const plainPlace = place(screen.getByRole('article', { name: /^Note entry/ }), 'Ada Okafor (Team)');
    expect(reportedPlace.part).toBe('timeline-entry__who');
    expect({ ...reportedPlace, first: null }).toEqual({ ...plainPlace, first: null });
    expect(reportedPlace.first!.textContent).toMatch(
      /^scamwatcher42 \(Community\).*entered by Ada Okafor \(Team\)$/,
    );
  });

  it('offers no way to add or change entries on a read-only case or to a viewer', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([ENTRY]) }, { readOnly: true });
    await screen.findByRole('article', { name: /^Call entry/ });
    expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('a viewer cannot add entries', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([]) }, { user: makeUser('viewer') });
    expect(await screen.findByRole('heading', { name: 'No journal entries yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
  });

  it("an investigator can neither edit nor remove another originator's entry", async () => {
    const others: JournalEntry = {
      ...ENTRY,
      id: '44444444-4444-4444-8444-444444444444',
      type: 'note',
      originator: { ...ENTRY.originator!, id: 'o-2' },
    };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([ENTRY, others]) });
    const theirs = await screen.findByRole('article', { name: /^Note entry/ });
    // Nothing to offer on another's entry, so no actions menu at all.
    expect(within(theirs).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Actions for/ })).toHaveLength(1);
  });

  it('an investigator may edit, sign and remove their own entry', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([ENTRY]) });
    const items = await openEntryMenu(/^Actions for Call entry/);
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Sign entry', 'Remove']);
  });

  it('an administrator may edit and remove entries of others', async () => {
    const others: JournalEntry = { ...ENTRY, originator: { ...ENTRY.originator!, id: 'o-2' } };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([others]) }, { user: makeUser('admin') });
    const items = await openEntryMenu(/^Actions for Call entry/);
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Remove']);
  });

  it('the team member who entered an entry for a community member may edit and remove it, not sign it', async () => {
    const entered: JournalEntry = {
      ...ENTRY,
      originator: {
        id: 'o-9',
        type: 'community_member',
        name: 'scamwatcher42',
        displayName: 'scamwatcher42 (Community)',
        proxy: { id: 'o-1', type: 'team_member', name: 'Ada Okafor', displayName: 'Ada Okafor (Team)' },
      },
    };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([entered]) });
    const items = await openEntryMenu(/^Actions for Call entry/);
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Remove']);
  });

  it('an investigator can neither edit nor remove an entry another entered for a community member', async () => {
    const enteredByOther: JournalEntry = {
      ...ENTRY,
      originator: {
        id: 'o-9',
        type: 'community_member',
        name: 'scamwatcher42',
        displayName: 'scamwatcher42 (Community)',
        proxy: { id: 'o-2', type: 'team_member', name: 'Ben Ito', displayName: 'Ben Ito (Team)' },
      },
    };
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([enteredByOther]) });
    await screen.findByRole('article', { name: /^Call entry/ });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('says when the journal cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    renderTimeline({
      [`GET ${JOURNAL}`]: () =>
        fail ? json(404, { error: { code: 'NOT_FOUND', message: 'Case not found' } }) : journalPage([ENTRY]),
    });
    expect(
      await screen.findByRole('heading', { name: 'The journal could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Case not found/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /^Call entry/ })).toBeInTheDocument();
  });

  it('removes an entry with the reason given; the entry leaves the timeline', async () => {
    let removed = false;
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage(removed ? [] : [ENTRY]),
      [`POST /api/journal-entries/${ENTRY.id}/remove`]: () => {
        removed = true;
        return json(200, { ...ENTRY, isNullified: true, nullifiedReason: 'Duplicate' });
      },
    });
    const items = await openEntryMenu(/^Actions for Call entry/);
    await userEvent.click(items.find((item) => item.textContent === 'Remove')!);
    const dialog = await findDialog('Remove entry');
    // The reason is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/journal-entries/${ENTRY.id}/remove`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Entry removed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/journal-entries/${ENTRY.id}/remove`)[0].body).toEqual({
      reason: 'Duplicate',
      caseId: CASE_ID,
    });
    expect(await screen.findByRole('heading', { name: 'No journal entries yet' })).toBeInTheDocument();
  });
});
