import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLiveSearchParams } from './use-live-search-params';

function Filters() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const set = (key: string, value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });
  return (
    <>
      <p>Shown: {searchParams.toString() || 'none'}</p>
      {/* Two writes from one render's setter: a filter chosen while another field reports its own. */}
      <button
        type="button"
        onClick={() => {
          set('tagId', 't1');
          set('assigneeId', 'u1');
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => setSearchParams({ status: 'open' })}>
        Open only
      </button>
    </>
  );
}

/** The list at /cases; its loader holds a navigation to `?slow` until `settle`, as a busy machine does. */
function renderFilters() {
  let settle: () => void = () => undefined;
  const held = new Promise<null>((resolve) => {
    settle = () => resolve(null);
  });
  const router = createMemoryRouter(
    [
      {
        id: 'cases',
        path: '/cases',
        element: <Filters />,
        loader: ({ request }) => (new URL(request.url).searchParams.has('slow') ? held : null),
      },
    ],
    { initialEntries: ['/cases?page=2'], hydrationData: { loaderData: { cases: null } } },
  );
  render(<RouterProvider router={router} />);
  return { router, settle };
}

describe('useLiveSearchParams', () => {
  it('keeps both of two writes made before the page renders again', async () => {
    const user = userEvent.setup();
    const { router } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Both' }));
    // React Router's own setter built the second on the render's URL: `page=2&assigneeId=u1`.
    expect(router.state.location.search).toBe('?page=2&tagId=t1&assigneeId=u1');
    expect(screen.getByText('Shown: page=2&tagId=t1&assigneeId=u1')).toBeInTheDocument();
  });

  it('builds on the URL a navigation under way is going to', async () => {
    const user = userEvent.setup();
    const { router, settle } = renderFilters();
    act(() => void router.navigate('/cases?page=2&slow=1'));
    expect(router.state.navigation.state).toBe('loading');
    await user.click(screen.getByRole('button', { name: 'Both' }));
    await act(async () => settle());
    expect(router.state.location.search).toBe('?page=2&slow=1&tagId=t1&assigneeId=u1');
  });

  it('writes a whole new search as given', async () => {
    const user = userEvent.setup();
    const { router } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Open only' }));
    expect(router.state.location.search).toBe('?status=open');
  });
});
