import { ComboBox } from './keep-selection-on-escape';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal';
import { TextArea, TextInput } from './text-fields';

function renderForm(props: { loading?: boolean; primaryButtonDisabled?: boolean } = {}) {
  const onSubmit = vi.fn();
  render(
    <FormModal title="New tag" formError={null} onSubmit={onSubmit} onClose={() => undefined} {...props}>
      <TextInput id="name" labelText="Name" />
      <TextArea id="description" labelText="Description" />
      <ComboBox id="color" titleText="Colour" items={['red', 'blue']} onChange={() => undefined} />
    </FormModal>,
  );
  return onSubmit;
}

describe('FormModal: Enter sends the form', () => {
  it('from a single-line field', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Mule{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('not from a text area, where it starts a new line, nor from a combobox, where it picks', async () => {
    const onSubmit = renderForm();
    const description = screen.getByLabelText('Description');
    await userEvent.type(description, 'one{Enter}two');
    expect(description).toHaveValue('one\ntwo');
    await userEvent.type(screen.getByRole('combobox', { name: 'Colour' }), 're{ArrowDown}{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('not while saving', async () => {
    const whileSaving = renderForm({ loading: true });
    await userEvent.type(screen.getByLabelText('Name'), 'Mule{Enter}');
    expect(whileSaving).not.toHaveBeenCalled();
  });

  it('not while its primary action is disabled', async () => {
    const onSubmit = renderForm({ primaryButtonDisabled: true });
    await userEvent.type(screen.getByLabelText('Name'), 'Mule{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('FormModal: a failed save', () => {
  /**
   * A save failing as the server is unreachable, after `focusLost`: a failure that takes a moment finds
   * focus moved off the disabled button, one that comes at once (a refused connection) finds it there.
   */
  function Saving({ focusLost = true }: { focusLost?: boolean }) {
    const [state, setState] = useState<{ loading: boolean; error: string | null }>({
      loading: false,
      error: null,
    });
    return (
      <FormModal
        title="New tag"
        formError={state.error}
        loading={state.loading}
        onSubmit={() => {
          setState({ loading: true, error: null });
          // A browser takes focus off the button it disables (jsdom does not): as Chromium does.
          if (focusLost && document.activeElement instanceof HTMLButtonElement) document.activeElement.blur();
          setTimeout(() => setState({ loading: false, error: 'The server could not be reached' }), 0);
        }}
        onClose={() => undefined}
      >
        <TextInput id="name" labelText="Name" />
      </FormModal>
    );
  }

  it('brings focus to its message when focus was lost while saving', async () => {
    render(<Saving />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const message = await screen.findByText('The server could not be reached');
    await vi.waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('brings focus to its message when the failure comes before focus left the button', async () => {
    render(<Saving focusLost={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const message = await screen.findByText('The server could not be reached');
    await vi.waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
  });

  it('leaves focus where it is when it is still in the form', async () => {
    render(<Saving />);
    await userEvent.type(screen.getByLabelText('Name'), 'Mule{Enter}');
    await screen.findByText('The server could not be reached');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});
