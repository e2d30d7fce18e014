import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './confirm-modal';

/** Deleting fails: the server refuses, and the action cannot succeed until something changes. */
function Deleting() {
  const [state, setState] = useState<{ busy: boolean; failure: string | null }>({
    busy: false,
    failure: null,
  });
  return (
    <ConfirmModal
      title="Delete group “Fraud desk”?"
      primaryButtonText="Delete"
      busy={state.busy}
      actionDisabled={state.failure !== null}
      failure={state.failure}
      failureTitle="The group is in use"
      onConfirm={() => {
        setState({ busy: true, failure: null });
        // A browser takes focus off the button it disables (jsdom does not): as Chromium does.
        if (document.activeElement instanceof HTMLButtonElement) document.activeElement.blur();
        setTimeout(() => setState({ busy: false, failure: 'Group has 1 case' }), 0);
      }}
      onClose={() => undefined}
    >
      Its members keep their accounts.
    </ConfirmModal>
  );
}

describe('ConfirmModal: a failed action', () => {
  it('brings focus to its message, inside the dialog, when focus was lost while it ran', async () => {
    render(<Deleting />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const message = await screen.findByText('Group has 1 case');
    await vi.waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
