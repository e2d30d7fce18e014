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
      <Link to="/things/1">Thing one</Link>
    </>
  );
}

/** A list at /things and a detail whose code arrives when the test says, as a lazy screen on a slow line. */
function renderList() {
  let deliver: () => void = () => undefined;
  const detailCode = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/things', element: <List /> },
      {
        path: '/things/:id',
        lazy: async () => {
          await detailCode;
          return { Component: () => <h1>Thing detail</h1> };
        },
      },
    ],
    { initialEntries: ['/things'] },
  );
  render(<RouterProvider router={router} />);
  return { router, deliver };
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
});
