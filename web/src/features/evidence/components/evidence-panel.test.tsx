import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { NO_TAGS, page, SCREENSHOT, WRITTEN } from './evidence-test-data';

const listCalls = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/evidence');

const TAG_ID = '22222222-2222-4222-8222-222222222222';

describe('evidence list', () => {
  it('lists evidence with its kind, readable size, case, tags and who added it', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([SCREENSHOT, WRITTEN]),
      'GET /api/tags': NO_TAGS,
    });
    const row = (await screen.findByRole('link', { name: 'Payment receipt' })).closest('tr')!;
    expect(within(row).getByText('Screenshot')).toBeInTheDocument();
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    // The media type is the detail's: the kind says it in words here.
    expect(within(row).queryByText('image/png')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#42' })).toHaveAttribute(
      'href',
      `/cases/${SCREENSHOT.case!.id}`,
    );
    expect(within(row).getByText('money-mule')).toBeInTheDocument();
    expect(within(row).getByText(/Ada Okafor/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add evidence' })).toBeInTheDocument();
  });

  it('keeps its filters in the URL and asks the server for them', async () => {
    const { router, fetchMock } = renderApp('/evidence?kind=audio&search=call', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': NO_TAGS,
    });
    expect(await screen.findByText('No evidence matches')).toBeInTheDocument();
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('kind')).toBe('audio');
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('search')).toBe('call');
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(currentPath(router)).toBe('/evidence'));
  });

  it('filters by kind and tag from its dropdowns, each keeping its id and name', async () => {
    const { router, fetchMock } = renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': () => page([{ id: TAG_ID, name: 'money-mule', color: 'purple' }]),
    });
    expect(await screen.findByText('No evidence yet')).toBeInTheDocument();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(kind.closest('#evidence-kind')).not.toBeNull();
    expect(kind).toHaveTextContent('All kinds');
    await userEvent.click(kind);
    await userEvent.click(screen.getByRole('option', { name: 'Audio' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('kind')).toBe('audio'));
    expect(kind).toHaveTextContent('Audio');

    const tag = await screen.findByRole('combobox', { name: 'Tag' });
    expect(tag.closest('#evidence-tag')).not.toBeNull();
    await userEvent.click(tag);
    await userEvent.click(await screen.findByRole('option', { name: 'money-mule' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('tagId')).toBe(TAG_ID));
    expect(router.state.location.search).toContain(`tagId=${TAG_ID}`);
    expect(tag).toHaveValue('Tag: money-mule');
  });

  it('says when the list failed and offers to try again', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }),
      'GET /api/tags': NO_TAGS,
    });
    expect(await screen.findByText('Evidence could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the search box, and its focus, while a search loads after a failed load', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () =>
        router.state.location.search
          ? new Promise<Response>((resolve) => (answer = resolve))
          : json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }),
      'GET /api/tags': NO_TAGS,
    });
    expect(await screen.findByText('Evidence could not be loaded')).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'receipt');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('searchbox')).toBe(search);
    expect(search).toHaveFocus();
    answer!(page([SCREENSHOT]));
    expect(await screen.findByRole('link', { name: 'Payment receipt' })).toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('shows the list loading, not "No evidence matches", while a search of an empty list is answered', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { router } = renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () =>
        router.state.location.search ? new Promise<Response>((resolve) => (answer = resolve)) : page([]),
      'GET /api/tags': NO_TAGS,
    });
    expect(await screen.findByText('No evidence yet')).toBeInTheDocument();
    const search = screen.getByRole('searchbox');
    await userEvent.type(search, 'receipt');
    await waitFor(() => expect(answer).toBeDefined());
    // The empty page on screen is the unfiltered one's: it says nothing of this search yet.
    expect(screen.queryByText('No evidence matches')).not.toBeInTheDocument();
    expect(screen.queryByText('No evidence yet')).not.toBeInTheDocument();
    expect(document.querySelector('.cds--data-table.cds--skeleton')).not.toBeNull();
    expect(search).toHaveFocus();
    answer!(page([]));
    expect(await screen.findByText('No evidence matches')).toBeInTheDocument();
  });

  it('leaves the case and tag filters out for a reader who may not read cases or tags', async () => {
    const { fetchMock } = renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['evidence.view'] })),
      'GET /api/evidence': () => page([WRITTEN]),
      'GET /api/tags': () => json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }),
    });
    await screen.findByRole('link', { name: WRITTEN.title });
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeInTheDocument();
    // The tags are not even asked for: the server would refuse them.
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/tags');
    expect(screen.queryByRole('combobox', { name: 'Case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tag' })).not.toBeInTheDocument();
    // Nor does the list name a case or a tag it could not filter by.
    const listed = listCalls(fetchMock).at(-1)!.searchParams;
    expect(listed.has('caseId') || listed.has('tagId')).toBe(false);
  });

  it('drops a case the reader may not see from a link: not asked for, off the URL, and said', async () => {
    const caseId = '44444444-4444-4444-8444-444444444444';
    const { router, fetchMock } = renderApp(`/evidence?caseId=${caseId}&kind=audio`, {
      'GET /api/auth/me': () => json(200, makeUser('viewer', { permissions: ['evidence.view', 'tag.view'] })),
      'GET /api/evidence': () => page([WRITTEN]),
      'GET /api/tags': NO_TAGS,
    });
    await screen.findByRole('link', { name: WRITTEN.title });
    expect(listCalls(fetchMock).some((url) => url.searchParams.has('caseId'))).toBe(false);
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('kind')).toBe('audio');
    await waitFor(() => expect(currentPath(router)).toBe('/evidence?kind=audio'));
    expect(screen.getByText('Filter removed').closest('.cds--inline-notification')).toHaveTextContent(
      'The link filtered this list by a case, and you may not see cases: the list is shown without that filter.',
    );
  });

  it('offers the case filter to a reader of cases', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/evidence': () => page([WRITTEN]),
      'GET /api/tags': NO_TAGS,
    });
    await screen.findByRole('link', { name: WRITTEN.title });
    expect(screen.getByRole('combobox', { name: 'Case' })).toBeInTheDocument();
  });

  it('offers no "Add evidence" without evidence.create', async () => {
    renderApp('/evidence', {
      'GET /api/auth/me': () => json(200, makeUser('viewer')),
      'GET /api/evidence': () => page([]),
      'GET /api/tags': NO_TAGS,
    });
    expect(await screen.findByText('No evidence yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add evidence' })).not.toBeInTheDocument();
  });
});
