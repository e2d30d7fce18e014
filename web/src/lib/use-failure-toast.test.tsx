import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../components/toasts/toast-provider';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from './api-error';
import { useFailureToast, type FailureToast } from './use-failure-toast';

function Trigger({ error, toast }: { error: unknown; toast: FailureToast }) {
  const showFailure = useFailureToast();
  return (
    <button type="button" onClick={() => showFailure(error, toast)}>
      fail
    </button>
  );
}

function fail(error: unknown, toast: FailureToast) {
  render(
    <ToastProvider>
      <Trigger error={error} toast={toast} />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'fail' }).click());
}

function answered(status: number) {
  const error = new ApiError(status, status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', 'Refused');
  error.answered = true;
  return error;
}

describe('a failed call in a toast', () => {
  it.each([401, 403])('says nothing of a %i the API client answered (sign-in, "Access Denied")', (status) => {
    fail(answered(status), { title: 'Not changed' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a 403 the client left to the caller (a silent call)', () => {
    fail(new ApiError(403, 'FORBIDDEN', 'You may not'), { title: 'Not changed' });
    expect(screen.getByRole('alert')).toHaveTextContent('Not changed');
    expect(screen.getByRole('alert')).toHaveTextContent('You may not');
  });

  it("gives the server's message", () => {
    fail(new ApiError(409, 'CONFLICT', 'The case is archived'), { title: 'Task not changed' });
    expect(screen.getByRole('alert')).toHaveTextContent('The case is archived');
  });

  it('says the fallback for a failure with no message of the server', () => {
    fail(new Error('boom'), { title: 'Not saved', fallback: 'Failed to save' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save');
  });

  it('names a lost connection as the client does', () => {
    fail(new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE), { title: 'Not changed' });
    expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });

  it('shows the title alone when asked for no subtitle', () => {
    fail(new Error('boom'), { title: 'Could not load', fallback: '' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load');
    expect(alert.querySelector('.cds--toast-notification__subtitle')?.textContent ?? '').toBe('');
  });
});
