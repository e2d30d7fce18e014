import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppModal, MODAL_DEFAULTS } from './app-modal';

describe('AppModal (spec 9 modal defaults)', () => {
  it('defaults to size lg with Confirm and Cancel', () => {
    expect(MODAL_DEFAULTS).toEqual({
      size: 'lg',
      primaryButtonText: 'Confirm',
      secondaryButtonText: 'Cancel',
    });
    render(
      <AppModal open title="Archive case" onSubmit={() => undefined} onClose={() => undefined}>
        Body
      </AppModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Archive case' });
    expect(dialog.closest('.cds--modal-container, .cds--modal')?.outerHTML ?? dialog.outerHTML).toMatch(
      /--lg/,
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a loading state blocks the primary action; buttons can each be disabled', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <AppModal open title="Save" loading onSubmit={onSubmit} onClose={() => undefined} />,
    );
    const primary = screen.getByRole('button', { name: /Working/ });
    expect(primary).toBeDisabled();
    await userEvent.click(primary);
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <AppModal open title="Save" primaryButtonDisabled onSubmit={onSubmit} onClose={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    rerender(
      <AppModal open title="Save" secondaryButtonDisabled onSubmit={onSubmit} onClose={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
