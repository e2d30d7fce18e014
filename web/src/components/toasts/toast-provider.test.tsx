import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { showToastAfterReload, takeToastAfterReload } from './toast-after-reload';
import { ToastProvider } from './toast-provider';
import type { ToastInput } from './toast-types';

function Trigger({ toast }: { toast: ToastInput }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(toast)}>
      show
    </button>
  );
}

function showToast(toast: ToastInput) {
  render(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'show' }).click());
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['success', 3000],
    ['info', 5000],
    ['warning', 5000],
    ['error', 10000],
  ] as const)('a %s toast closes after %i ms', (kind, timeout) => {
    showToast({ kind, title: `A ${kind} toast`, subtitle: 'Details', caption: 'Just now' });
    expect(screen.getByText(`A ${kind} toast`)).toBeInTheDocument();
    expect(screen.getByText('Details')).toBeInTheDocument();
    expect(screen.getByText('Just now')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(timeout - 1));
    expect(screen.getByText(`A ${kind} toast`)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(`A ${kind} toast`)).not.toBeInTheDocument();
  });

  it('keeps a toast with timeout 0 until it is closed', () => {
    showToast({ kind: 'info', title: 'Sticky', timeout: 0 });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: /close/i }).click());
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  it('renders an error toast as an alert in low contrast when asked', () => {
    showToast({ kind: 'error', title: 'Upload failed', lowContrast: true });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Upload failed');
    expect(toast).toHaveClass('cds--toast-notification--low-contrast');
  });
});

describe('a toast kept across a reload', () => {
  it('shows once on the page the reload brings, then is forgotten', async () => {
    showToastAfterReload({
      kind: 'success',
      title: 'Entry signed',
      subtitle: 'Your passkey signed the entry.',
    });
    const first = render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    expect(await screen.findByText('Entry signed')).toBeInTheDocument();
    first.unmount();
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    expect(screen.queryByText('Entry signed')).not.toBeInTheDocument();
  });

  it('ignores what is not a toast', () => {
    sessionStorage.setItem('scamtrail.toast-after-reload', '{"kind":"party","title":1}');
    expect(takeToastAfterReload()).toBeNull();
    sessionStorage.setItem('scamtrail.toast-after-reload', 'not json');
    expect(takeToastAfterReload()).toBeNull();
  });
});
