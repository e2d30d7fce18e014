import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REJECT_NOTE_REQUIRED_MESSAGE } from '@scamtrail/domain/identifiers/review';
import type { Role } from '@scamtrail/domain/permissions';
import { expectNoSeriousViolations } from '../../../test/axe';
import { fill } from '../../../test/fill';
import { COMMUNITY_MEMBER, ENTERED_FOR_MEMBER } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { setUpRouteTests } from './identifiers-test-setup';
import {
  CONFIRMED,
  DETAIL,
  QUEUED,
  QUEUED_SECOND,
  queueCalls,
  queuePage,
  reviewBodies,
} from './validation-test-setup';

setUpRouteTests();

type Handlers = Parameters<typeof renderApp>[1];

/** /validation with QUEUED's review open, as `role` sees it. */
function openReview(
  handlers: Handlers = {},
  { role = 'investigator', search = '' }: { role?: Role; search?: string } = {},
) {
  const view = renderApp(`/validation?${search}open=id-1`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    'GET /api/identifiers/review-queue': () => queuePage([QUEUED]),
    'GET /api/identifiers/id-1': () => json(200, DETAIL),
    ...handlers,
  });
  return { ...view, dialog: () => screen.findByRole('dialog', { name: 'Email Details' }) };
}

async function reviewSection(dialog: HTMLElement) {
  return within(dialog).findByRole('region', { name: 'Review' });
}

function detailCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api/identifiers/id-1') && (init?.method ?? 'GET') === 'GET',
  );
}

describe('reviewing an identifier from the queue', () => {
  it('confirms it: sends the status seen, says so, refreshes the queue and closes', async () => {
    const { fetchMock, router, dialog } = openReview({
      'POST /api/identifiers/id-1/review': () => json(200, CONFIRMED),
    });
    const section = await reviewSection(await dialog());
    expect(within(section).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Return to queue' })).not.toBeInTheDocument();
    const asked = queueCalls(fetchMock).length;

    await userEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Identifier confirmed')).toBeInTheDocument();
    expect(reviewBodies(fetchMock)).toEqual([{ status: 'confirmed', expectedStatus: 'pending' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email Details' })).not.toBeInTheDocument(),
    );
    expect(currentPath(router)).toBe('/validation');
    await waitFor(() => expect(queueCalls(fetchMock).length).toBeGreaterThan(asked));
  });

  it('does not reject without a note: the Note field says why, and nothing is sent', async () => {
    const { fetchMock, dialog } = openReview({
      'POST /api/identifiers/id-1/review': () => json(200, CONFIRMED),
    });
    const section = await reviewSection(await dialog());
    const note = within(section).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAccessibleDescription(/Required to reject/);

    await userEvent.click(within(section).getByRole('button', { name: 'Reject' }));
    expect(await within(section).findByText(REJECT_NOTE_REQUIRED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(REJECT_NOTE_REQUIRED_MESSAGE);
    expect(reviewBodies(fetchMock)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Email Details' })).toBeInTheDocument();
  });

  it('rejects it with the note', async () => {
    const { fetchMock, dialog } = openReview({
      'POST /api/identifiers/id-1/review': () =>
        json(200, { ...CONFIRMED, status: 'rejected', note: 'The victim’s own address' }),
    });
    const section = await reviewSection(await dialog());
    await userEvent.type(within(section).getByRole('textbox', { name: 'Note' }), 'The victim’s own address');
    await userEvent.click(within(section).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Identifier rejected')).toBeInTheDocument();
    expect(reviewBodies(fetchMock)).toEqual([
      { status: 'rejected', note: 'The victim’s own address', expectedStatus: 'pending' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email Details' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s objection to the note on the Note field', async () => {
    const { dialog } = openReview({
      'POST /api/identifiers/id-1/review': () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            details: { fields: [{ field: 'note', message: 'Note must not contain null characters' }] },
          },
        }),
    });
    const section = await reviewSection(await dialog());
    const note = within(section).getByRole('textbox', { name: 'Note' });
    await fill(note, 'Typo of the real address');
    await userEvent.click(within(section).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Note must not contain null characters'));
    expect(screen.getByRole('dialog', { name: 'Email Details' })).toBeInTheDocument();
  });

  it('returns a decided identifier to the queue', async () => {
    const { fetchMock, dialog } = openReview(
      {
        'GET /api/identifiers/review-queue': () => queuePage([{ ...QUEUED, review: CONFIRMED }]),
        'GET /api/identifiers/id-1': () => json(200, { ...DETAIL, review: CONFIRMED }),
        'POST /api/identifiers/id-1/review': () => json(200, { ...CONFIRMED, status: 'pending' }),
      },
      { search: 'status=confirmed&' },
    );
    const section = await reviewSection(await dialog());
    expect(within(section).getByText('Confirmed')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Ben Ito (Team)' })).toBeInTheDocument();
    expect(within(section).getByText('Nov 21, 2026, 9:30 AM')).toBeInTheDocument();
    expect(within(section).getByText('Named in three victims’ statements')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Return to queue' }));
    expect(await screen.findByText('Identifier returned to the queue')).toBeInTheDocument();
    expect(reviewBodies(fetchMock)).toEqual([{ status: 'pending', expectedStatus: 'confirmed' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email Details' })).not.toBeInTheDocument(),
    );
  });

  it('says what deciding does to a community member reporter’s reputation, and what it did', async () => {
    const reported = { ...DETAIL, originator: ENTERED_FOR_MEMBER };
    const { dialog } = openReview({
      'GET /api/identifiers/id-1': () => json(200, reported),
      'POST /api/identifiers/id-1/review': () =>
        json(200, {
          ...CONFIRMED,
          reputationChange: { originator: COMMUNITY_MEMBER, delta: 5, reputation: 45 },
        }),
    });
    const section = await reviewSection(await dialog());
    expect(
      within(section).getByText(
        'Reported by community member scamwatcher42: confirming adds 5 to their reputation, rejecting takes 10.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('scam@example.org. scamwatcher42’s reputation rose by 5 to 45.'),
    ).toBeInTheDocument();
  });

  it('says nothing of reputation when a team member reported the identifier', async () => {
    const { dialog } = openReview({
      'POST /api/identifiers/id-1/review': () => json(200, { ...CONFIRMED, reputationChange: null }),
    });
    const section = await reviewSection(await dialog());
    expect(within(section).queryByText(/reputation/)).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('scam@example.org')).toBeInTheDocument();
    expect(screen.queryByText(/reputation/)).not.toBeInTheDocument();
  });

  it('says in the dialog when someone else decided meanwhile, and shows their decision', async () => {
    let review = DETAIL.review;
    const { fetchMock, dialog } = openReview({
      'GET /api/identifiers/id-1': () => json(200, { ...DETAIL, review }),
      'POST /api/identifiers/id-1/review': () => {
        review = CONFIRMED;
        return json(409, {
          error: {
            code: 'CONFLICT',
            message: 'Someone else reviewed this identifier meanwhile: it is now confirmed',
            details: { status: 'confirmed' },
          },
        });
      },
    });
    const modal = await dialog();
    const section = await reviewSection(modal);
    await fill(within(section).getByRole('textbox', { name: 'Note' }), 'A typo');
    await userEvent.click(within(section).getByRole('button', { name: 'Reject' }));

    expect(
      await within(section).findByText(
        'Someone else reviewed this identifier meanwhile: it is now confirmed',
      ),
    ).toBeInTheDocument();
    // The detail is asked again: the decision now stored replaces the one shown.
    expect(await within(section).findByRole('button', { name: 'Return to queue' })).toBeInTheDocument();
    expect(within(section).getByText('Confirmed')).toBeInTheDocument();
    expect(detailCalls(fetchMock).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog', { name: 'Email Details' })).toBe(modal);
    expect(screen.queryByText('Identifier rejected')).not.toBeInTheDocument();
  });

  it('shows a viewer the review without the note or the decisions', async () => {
    const { dialog } = openReview(
      { 'GET /api/identifiers/id-1': () => json(200, { ...DETAIL, review: CONFIRMED }) },
      { role: 'viewer' },
    );
    const modal = await dialog();
    const section = await reviewSection(modal);
    expect(within(section).getByText('Confirmed')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
    for (const name of ['Confirm', 'Reject', 'Return to queue']) {
      expect(within(section).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(modal).getByText('Close', { selector: 'button' })).toBeInTheDocument();
  });
});

describe('going through the queue in one dialog', () => {
  const SECOND_DETAIL = { ...DETAIL, ...QUEUED_SECOND, evidence: [], evidenceCount: 0 };

  /** A queue of QUEUED then QUEUED_SECOND; once id-1 is decided, it leaves the queue. */
  function openQueueOfTwo() {
    let decided = false;
    return openReview({
      'GET /api/identifiers/review-queue': () =>
        queuePage(decided ? [QUEUED_SECOND] : [QUEUED, QUEUED_SECOND]),
      'GET /api/identifiers/id-2': () => json(200, SECOND_DETAIL),
      'POST /api/identifiers/id-1/review': () => {
        decided = true;
        return json(200, CONFIRMED);
      },
    });
  }

  it('moves on to the next identifier after a decision, with a fresh note and focus at the top', async () => {
    const { fetchMock, router, dialog } = openQueueOfTwo();
    const modal = await dialog();
    const section = await reviewSection(modal);
    const note = within(section).getByRole('textbox', { name: 'Note' });
    await fill(note, 'Named in two statements');
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Identifier confirmed')).toBeInTheDocument();
    const next = await screen.findByRole('dialog', { name: 'Zelle Details' });
    // The same dialog, not one closed and another opened: focus stays inside it, on its contents.
    expect(next).toBe(modal);
    expect(currentPath(router)).toBe('/validation?open=id-2');
    const nextSection = await reviewSection(next);
    expect(within(nextSection).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await waitFor(() => expect(next.querySelector('.cds--modal-scroll-content')).toHaveFocus());
    expect(reviewBodies(fetchMock)).toEqual([
      { status: 'confirmed', note: 'Named in two statements', expectedStatus: 'pending' },
    ]);
    // id-2 was the page's last: nothing to move on to.
    expect(within(next).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await userEvent.click(within(next).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/validation');
  });

  it('skips to the next identifier with Next, deciding nothing; Back leaves the dialog', async () => {
    const { fetchMock, router, dialog } = openQueueOfTwo();
    const modal = await dialog();
    await reviewSection(modal);
    await userEvent.click(within(modal).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('dialog', { name: 'Zelle Details' })).toBe(modal);
    expect(currentPath(router)).toBe('/validation?open=id-2');
    expect(reviewBodies(fetchMock)).toEqual([]);
    // The move replaced the history entry: Back goes to where the reviewer was before opening id-1.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('written evidence in the identifier detail', () => {
  const STATEMENT =
    'He wrote from Scam@Example.org, then again from scam@example.org.\nI paid nothing to scam@example.net.';

  it('shows an item’s text on demand with every mention of the identifier marked', async () => {
    const { fetchMock, dialog } = openReview({
      'GET /api/evidence/ev-1': () =>
        json(200, { id: 'ev-1', kind: 'written', title: 'Victim statement', body: STATEMENT }),
    });
    const modal = await dialog();
    const media = await within(modal).findByRole('region', { name: 'Attached Media (1)' });
    const show = within(media).getByRole('button', { name: 'Show text' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    // Nothing is fetched (nor a view recorded) until the text is asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/evidence/'))).toBe(false);

    await userEvent.click(show);
    const text = await within(media).findByRole('region', { name: 'Text of Victim statement' });
    const hide = within(media).getByRole('button', { name: 'Hide text' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide.getAttribute('aria-controls')).toBe(text.parentElement!.id);
    expect(text).toHaveTextContent(STATEMENT.replace('\n', ' '));
    expect(Array.from(text.querySelectorAll('mark')).map((mark) => mark.textContent)).toEqual([
      'Scam@Example.org',
      'scam@example.org',
    ]);
    expect(within(media).getByText('2 mentions of scam@example.org highlighted')).toBeInTheDocument();
    await expectNoSeriousViolations(modal);

    await userEvent.click(hide);
    expect(within(media).queryByRole('region', { name: 'Text of Victim statement' })).not.toBeInTheDocument();
    expect(within(media).getByRole('button', { name: 'Show text' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
