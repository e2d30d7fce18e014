import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { ListLoadFailed, loadFailedText } from './list-states';

describe('ListLoadFailed', () => {
  it("ends the server's reason with a full stop before saying the filters are kept", () => {
    render(
      <ListLoadFailed
        title="Cases could not be loaded"
        error={new ApiError(500, 'HTTP_500', 'Upstream timed out')}
        hasFilters
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Upstream timed out. Your filters are kept.')).toBeInTheDocument();
  });

  it('says nothing of filters when none is set', () => {
    render(
      <ListLoadFailed
        title="Failed to load groups"
        error={new ApiError(500, 'HTTP_500', 'Upstream timed out')}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Upstream timed out.')).toBeInTheDocument();
    expect(screen.queryByText(/filters are kept/)).not.toBeInTheDocument();
    expect(loadFailedText(new TypeError('Failed to fetch'))).toBe('The server did not answer.');
  });

  it('keeps a reason that already ends a sentence, and says so when the server did not answer', () => {
    expect(loadFailedText(new ApiError(503, 'DOWN', 'Try again later!'), true)).toBe(
      'Try again later! Your filters are kept.',
    );
    expect(loadFailedText(new TypeError('Failed to fetch'), true)).toBe(
      'The server did not answer. Your filters are kept.',
    );
  });
});

/** A list that failed to load, then loads on Try again, as ListResults shows it. */
function Reloading() {
  const [isLoaded, setLoaded] = useState(false);
  return (
    <main>
      <h1>Tags</h1>
      <div>
        {isLoaded ? (
          <div className="cds--data-table-container">
            <h2>Tag list</h2>
          </div>
        ) : (
          <ListLoadFailed
            title="Failed to load tags"
            error={new TypeError('Failed to fetch')}
            onRetry={() => {
              // A browser takes focus off the button it removes (jsdom keeps it on a detached node).
              (document.activeElement as HTMLElement | null)?.blur();
              setLoaded(true);
            }}
          />
        )}
      </div>
    </main>
  );
}

describe('ListLoadFailed: Try again', () => {
  it('leaves focus on the heading of the list it loaded, not on <body>', async () => {
    render(<Reloading />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Tag list' })).toHaveFocus());
  });
});
