import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app';
import { fakeMediaQueryList } from '../test/media-query';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EMPTY_LIST = { data: [], pagination: { page: 1, pageSize: 25, total: 0, totalPages: 0 } };

function spyOnScrolling() {
  return {
    scrollTo: vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined),
    scrollIntoView: vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined),
  };
}

/** Answers `matches` for the reduced-motion query only, as a browser set to reduce motion does. */
function preferReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query === '(prefers-reduced-motion: reduce)'),
  );
}

/** The app on /groups, signed in as an administrator, once the page has rendered. */
async function renderGroups() {
  const app = renderApp('/groups', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/groups': () => json(200, EMPTY_LIST),
  });
  await screen.findByRole('heading', { level: 1, name: 'Groups' });
  return app;
}

describe('scroll on navigation', () => {
  it('scrolls smoothly to the top when the path changes', async () => {
    const { scrollTo, scrollIntoView } = spyOnScrolling();
    const { router } = await renderGroups();
    scrollTo.mockClear();

    await act(() => router.navigate('/identifiers'));
    await screen.findByRole('heading', { level: 1, name: 'Identifiers' });

    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' }));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the element the hash names instead of the top', async () => {
    const { scrollTo, scrollIntoView } = spyOnScrolling();
    const { router } = await renderGroups();
    scrollTo.mockClear();

    await act(() => router.navigate('/groups#main-content'));

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('main-content'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('jumps without animation when the user prefers reduced motion', async () => {
    preferReducedMotion();
    const { scrollTo, scrollIntoView } = spyOnScrolling();
    const { router } = await renderGroups();
    scrollTo.mockClear();

    await act(() => router.navigate('/identifiers'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' }));

    await act(() => router.navigate('/identifiers#main-content'));
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' }));
    expect(scrollTo).not.toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });
});
