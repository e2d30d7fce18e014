import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from '../../../test/axe';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { setUpRouteTests } from './identifiers-test-setup';
import { CONFIRMED, QUEUED, QUEUED_SECOND, queueCalls, queuePage } from './validation-test-setup';
import { timeText } from '../../../test/time-text';

setUpRouteTests();

const asAdmin = { 'GET /api/auth/me': () => json(200, makeUser('admin')) };

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('identifier validation queue', () => {
  it('lists the identifiers awaiting review, oldest first, each opening its review', async () => {
    const { router, fetchMock } = renderApp('/validation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage([QUEUED, QUEUED_SECOND]),
    });
    const link = await screen.findByRole('link', { name: 'scam@example.org' });
    expect(screen.getByRole('heading', { name: 'Identifier Validation', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Awaiting review' })).toBeInTheDocument();
    const [header, first, second] = screen.getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Identifier', 'Type', 'Confidence', 'Reported by', 'Recorded']);
    expect(cells(first)).toEqual([
      'scam@example.org',
      'Email',
      '0.90',
      'Ada Okafor (Team)',
      timeText('Nov 20, 2026, 12:00 PM'),
    ]);
    expect(cells(second)).toEqual([
      'Zelle: 5551234567',
      'Zelle',
      '0.90',
      '—',
      timeText('Nov 20, 2026, 12:00 PM'),
    ]);
    expect(Object.fromEntries(queueCalls(fetchMock)[0].searchParams)).toEqual({
      status: 'pending',
      sort: 'oldest',
      page: '1',
      pageSize: '25',
    });

    await userEvent.click(link);
    await waitFor(() => expect(currentPath(router)).toBe('/validation?open=id-1'));
    await expectNoSeriousViolations(document.querySelector('main') ?? document.body);
  });

  it('pages through the queue, the page kept in the URL and asked of the server', async () => {
    const fullPage = Array.from({ length: 25 }, (_, index) => ({
      ...QUEUED,
      id: `id-${index + 1}`,
      displayValue: `scam${index + 1}@example.org`,
    }));
    const { router, fetchMock } = renderApp('/validation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage(fullPage, 30),
    });
    await screen.findByRole('link', { name: 'scam25@example.org' });
    expect(screen.getByText('1–25 of 30 items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(currentPath(router)).toBe('/validation?page=2'));
    await waitFor(() =>
      expect(queueCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['1', '2']),
    );
  });

  it('filters by status, type, reporter and order, back on page 1, in the URL and the request', async () => {
    const { router, fetchMock } = renderApp('/validation?page=2', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage([{ ...QUEUED, review: CONFIRMED }], 30, 2),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });

    const choose = async (filter: string, option: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: filter }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Status', 'Confirmed');
    await waitFor(() => expect(currentPath(router)).toBe('/validation?status=confirmed'));
    await choose('Type', 'Email');
    await choose('Reported by', 'Community members');
    await choose('Sort', 'Newest first');
    await waitFor(() =>
      expect(currentPath(router)).toBe(
        '/validation?status=confirmed&type=email&reportedBy=community_member&sort=newest',
      ),
    );
    await waitFor(() =>
      expect(Object.fromEntries(queueCalls(fetchMock).at(-1)!.searchParams)).toEqual({
        status: 'confirmed',
        type: 'email',
        reportedBy: 'community_member',
        sort: 'newest',
        page: '1',
        pageSize: '25',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Type: Email');

    // Decided identifiers show who decided, when, and why.
    const table = screen.getByRole('table', { name: 'Confirmed identifiers' });
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Identifier', 'Type', 'Confidence', 'Reported by', 'Recorded', 'Reviewed', 'Note']);
    expect(cells(row).slice(5)).toEqual([
      timeText('Ben Ito (Team)Nov 21, 2026, 9:30 AM'),
      'Named in three victims’ statements',
    ]);
  });

  it('says when nothing awaits review', async () => {
    renderApp('/validation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage([]),
    });
    expect(await screen.findByRole('heading', { name: 'Nothing awaits review' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No identifier is waiting for a decision. New identifiers appear here as they are recorded.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Every identifier has been reviewed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: /pagination/i })).not.toBeInTheDocument();
    await expectNoSeriousViolations(document.querySelector('main') ?? document.body);
  });

  it('shows the queue loading, not an empty state, while another status of an empty queue loads', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/validation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () =>
        router.state.location.search.includes('confirmed')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : queuePage([]),
    });
    expect(await screen.findByRole('heading', { name: 'Nothing awaits review' })).toBeInTheDocument();
    await act(() => router.navigate('/validation?status=confirmed'));
    await waitFor(() => expect(answer).toBeDefined());
    // The empty page on screen is the pending queue's: it says nothing of the confirmed ones yet.
    expect(screen.queryByRole('heading', { name: 'Nothing awaits review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No confirmed identifiers' })).not.toBeInTheDocument();
    expect(document.querySelector('.cds--data-table.cds--skeleton')).not.toBeNull();
    answer!(queuePage([]));
    expect(await screen.findByRole('heading', { name: 'No confirmed identifiers' })).toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them keeping the status', async () => {
    const { router } = renderApp('/validation?status=rejected&type=phone&reportedBy=automation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage([]),
    });
    expect(await screen.findByRole('heading', { name: 'No identifiers match' })).toBeInTheDocument();
    expect(
      screen.getByText(/No identifier with the status "Rejected" matches these filters/),
    ).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveLength(2);
    await userEvent.click(clear[1]);
    await waitFor(() => expect(currentPath(router)).toBe('/validation?status=rejected'));
    expect(await screen.findByRole('heading', { name: 'No rejected identifiers' })).toBeInTheDocument();
  });

  it("leaves focus on the status filter when the toolbar's Clear filters is pressed", async () => {
    const { router } = renderApp('/validation?status=rejected&type=phone', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () => queuePage([QUEUED]),
    });
    await screen.findByRole('link', { name: 'scam@example.org' });
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    clear.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath(router)).toBe('/validation?status=rejected'));
    expect(clear).toBeDisabled();
    // The queue has no search box: its first filter, the status, takes focus, not <body>.
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveFocus();
  });

  it('says why the queue is empty when it failed to load, and tries again', async () => {
    let isDown = true;
    renderApp('/validation', {
      ...asAdmin,
      'GET /api/identifiers/review-queue': () =>
        isDown ? json(503, { error: { code: 'UNAVAILABLE', message: 'Down' } }) : queuePage([QUEUED]),
    });
    // A 5xx is retried twice first.
    expect(await screen.findByRole('heading', { name: 'The queue could not be loaded' })).toBeInTheDocument();
    // No filter is set: none to keep.
    expect(screen.getByText('Down.')).toBeInTheDocument();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'scam@example.org' })).toBeInTheDocument();
  });

  it('tells a user who may not view identifiers so, without asking for the queue', async () => {
    const { fetchMock } = renderApp('/validation', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['case.view'] })),
      'GET /api/identifiers/review-queue': () => queuePage([QUEUED]),
    });
    expect(await screen.findByRole('heading', { name: 'You cannot view identifiers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Identifier Validation', level: 1 })).toBeInTheDocument();
    expect(queueCalls(fetchMock)).toEqual([]);
  });
});
