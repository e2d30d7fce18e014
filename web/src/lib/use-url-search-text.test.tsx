import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value';
import { useListState } from './use-list-state';

function List() {
  const list = useListState({});
  return (
    <>
      <input
        aria-label="Search"
        value={list.toolbar.search}
        onChange={(event) => list.toolbar.onSearchChange(event.target.value)}
      />
      <p>Searching for: {list.params.search || 'nothing'}</p>
      <p>Page size: {list.params.pageSize}</p>
      <button type="button" onClick={() => list.pagination.onChange(1, 50)}>
        50 per page
      </button>
      <Link to="/things/1">Thing one</Link>
    </>
  );
}

/**
 * A list at /things and a detail whose code arrives when the test says, as a lazy screen on a slow line.
 * The list's loader (the app's prefetch) holds a navigation to a page size other than the first until
 * `settle`, as a busy machine holds it before the list shows the new URL.
 */
function renderList() {
  let deliver: () => void = () => undefined;
  const detailCode = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  let settle: () => void = () => undefined;
  const pageSizeSettled = new Promise<null>((resolve) => {
    settle = () => resolve(null);
  });
  const router = createMemoryRouter(
    [
      {
        id: 'things',
        path: '/things',
        element: <List />,
        loader: ({ request }) => (new URL(request.url).searchParams.has('pageSize') ? pageSizeSettled : null),
      },
      {
        path: '/things/:id',
        lazy: async () => {
          await detailCode;
          return { Component: () => <h1>Thing detail</h1> };
        },
      },
    ],
    // Shown at once, as the app's first screen after its first load.
    { initialEntries: ['/things'], hydrationData: { loaderData: { things: null } } },
  );
  render(<RouterProvider router={router} />);
  return { router, deliver, settle };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a list search kept in the URL', () => {
  it('is written to the URL once typing pauses', async () => {
    const { router } = renderList();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'acme');
    expect(await screen.findByText('Searching for: acme')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=acme');
  });

  it('does not take the reader back when they follow a link before the search is written', async () => {
    const { router, deliver } = renderList();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'acme');
    await userEvent.click(screen.getByRole('link', { name: 'Thing one' }));
    expect(router.state.navigation.state).toBe('loading');

    // The search's write falls due while the detail's code is still on its way (its timer was set at the
    // last keystroke, before this wait's, so it has fired when the wait ends, however busy the machine).
    await act(() => wait(SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.navigation.location?.pathname).toBe('/things/1');
    deliver();

    expect(await screen.findByRole('heading', { name: 'Thing detail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/things/1');
  });

  it('is written when the navigation away gives way and the list stays', async () => {
    const { router } = renderList();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'acme');
    await userEvent.click(screen.getByRole('link', { name: 'Thing one' }));
    expect(router.state.navigation.state).toBe('loading');
    await act(() => router.navigate('/things'));

    expect(await screen.findByText('Searching for: acme')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=acme');
  });

  it('does not undo a page size the list does not show yet', async () => {
    const { router, settle } = renderList();
    await userEvent.click(screen.getByRole('button', { name: '50 per page' }));
    expect(router.state.navigation.location?.search).toBe('?pageSize=50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'acme');

    // The search's write falls due while the list still shows the URL without the page size (its timer
    // was set at the last keystroke, before this wait's).
    await act(() => wait(SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.navigation.location?.search).toBe('?pageSize=50');
    act(() => settle());

    expect(await screen.findByText('Searching for: acme')).toBeInTheDocument();
    expect(screen.getByText('Page size: 50')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pageSize=50&search=acme');
  });
});
