import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { ListLoadFailed, loadFailedText } from './list-states';

describe('ListLoadFailed', () => {
  it("ends the server's reason with a full stop before saying the filters are kept", () => {
    render(
      <ListLoadFailed
        title="Cases could not be loaded"
        error={new ApiError(500, 'HTTP_500', 'Upstream timed out')}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Upstream timed out. Your filters are kept.')).toBeInTheDocument();
  });

  it('keeps a reason that already ends a sentence, and says so when the server did not answer', () => {
    expect(loadFailedText(new ApiError(503, 'DOWN', 'Try again later!'))).toBe(
      'Try again later! Your filters are kept.',
    );
    expect(loadFailedText(new TypeError('Failed to fetch'))).toBe(
      'The server did not answer. Your filters are kept.',
    );
  });
});
