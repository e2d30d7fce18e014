import { TextInput } from './text-fields';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppModal, MODAL_DEFAULTS } from './app-modal';
import { DateField } from './date-field';
import { RowActionsMenu } from './row-actions-menu';

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

describe('AppModal focus after its work', () => {
  const modal = (loading: boolean, field = false) => (
    <AppModal open title="Sign entry" loading={loading} onSubmit={() => undefined} onClose={() => undefined}>
      {field && <TextInput id="reason" labelText="Reason" />}
    </AppModal>
  );

  it('gives focus back to the primary button when the work ends and focus fell to <body>', () => {
    const { rerender } = render(modal(true));
    // A browser moves focus off the disabled button to <body>; jsdom does not, so it is done here.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(document.activeElement).toBe(document.body);
    rerender(modal(false));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('moves focus from the close button to the primary one once it is enabled (opened while loading)', () => {
    const waiting = (disabled: boolean) => (
      <AppModal
        open
        title="Export"
        primaryButtonDisabled={disabled}
        onSubmit={() => undefined}
        onClose={() => undefined}
      />
    );
    const { rerender } = render(waiting(true));
    // With its only action disabled, Carbon falls back to the close button, whose tooltip takes Escape.
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    rerender(waiting(false));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('leaves a field focused when the primary button is enabled as it is filled in', () => {
    const filling = (disabled: boolean) => (
      <AppModal
        open
        title="Name it"
        primaryButtonDisabled={disabled}
        onSubmit={() => undefined}
        onClose={() => undefined}
      >
        <TextInput id="name" labelText="Name" />
      </AppModal>
    );
    const { rerender } = render(filling(true));
    act(() => screen.getByLabelText('Name').focus());
    rerender(filling(false));
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('leaves focus where the dialog put it, on a field with an error say', () => {
    const { rerender } = render(modal(true, true));
    act(() => screen.getByLabelText('Reason').focus());
    rerender(modal(false, true));
    expect(screen.getByLabelText('Reason')).toHaveFocus();
  });
});

describe('AppModal and a date picker inside it', () => {
  it('Escape closes the open calendar, not the dialog; the next Escape closes the dialog', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <AppModal open title="Add entry" onSubmit={() => undefined} onClose={onClose}>
        <DateField id="when" labelText="Date" value="" onChange={() => undefined} schema={z.string()} />
      </AppModal>,
    );
    await user.click(screen.getByLabelText('Date'));
    await vi.waitFor(() => expect(document.querySelector('.flatpickr-calendar.open')).not.toBeNull());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(document.querySelector('.flatpickr-calendar.open')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Add entry' }).closest('.cds--modal')).toHaveClass(
      'is-visible',
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

function Page({
  danger = false,
  withField = false,
  inList = false,
}: {
  danger?: boolean;
  withField?: boolean;
  /**
   * The row in a section headed "Thing list", as a table's rows are under its title; 'untitled-table':
   * in a table without a title of its own, under the section's heading (e.g. the profile's passkeys).
   */
  inList?: boolean | 'untitled-table';
}) {
  const [isOpen, setOpen] = useState(false);
  const [isRowThere, setRowThere] = useState(true);
  const close = () => setOpen(false);
  const row = isRowThere && (
    <RowActionsMenu label="Thing one" actions={[{ label: 'Change', onClick: () => setOpen(true) }]} />
  );
  return (
    <main id="main-content" tabIndex={-1}>
      <h1>Things</h1>
      {inList ? (
        <section aria-labelledby="thing-list">
          <h2 id="thing-list">Thing list</h2>
          {inList === 'untitled-table' ? <div className="cds--data-table-container">{row}</div> : row}
        </section>
      ) : (
        row
      )}
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button" onClick={() => setRowThere(false)}>
        Remove the row
      </button>
      {isOpen && (
        <AppModal
          open
          title="Change thing"
          danger={danger}
          primaryButtonText={danger ? 'Delete' : 'Save'}
          onSubmit={close}
          onClose={close}
        >
          {withField && <TextInput id="thing-name" labelText="Name" />}
        </AppModal>
      )}
    </main>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Change thing' });

async function chooseFromRowMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Actions for Thing one' }));
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  await userEvent.click(items.find((item) => item.textContent === 'Change')!);
}

describe('AppModal focus', () => {
  it('focuses the first field on opening; the first Escape closes it and focus returns to the opener', async () => {
    render(<Page withField />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focuses the primary action of a dialog without fields', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('focuses Cancel, the least destructive action, in a danger confirmation', async () => {
    render(<Page danger />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveFocus();
  });

  it.each([
    ['Cancel', 'Cancel'],
    ['the close button', 'Close'],
    ['a successful submit', 'Save'],
  ])('returns focus to the opener after %s', async (_how, button) => {
    render(<Page withField />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(dialog()).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('returns focus to the row menu button when opened from one of its items', async () => {
    render(<Page withField />);
    const menuButton = screen.getByRole('button', { name: 'Actions for Thing one' });
    await chooseFromRowMenu();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveFocus();
  });

  it('moves focus to the page heading, not <body>, when the opener is removed after closing', async () => {
    render(<Page withField />);
    await chooseFromRowMenu();
    await userEvent.keyboard('{Escape}');
    // The row goes, e.g. once the list refreshes after a delete.
    await act(async () => screen.getByRole('button', { name: 'Remove the row' }).click());
    expect(screen.queryByRole('button', { name: 'Actions for Thing one' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Things' })).toHaveFocus();
  });

  it("moves focus to the heading of the opener's list when the opener's row is removed", async () => {
    render(<Page withField inList />);
    await chooseFromRowMenu();
    await userEvent.keyboard('{Escape}');
    await act(async () => screen.getByRole('button', { name: 'Remove the row' }).click());
    const listHeading = screen.getByRole('heading', { name: 'Thing list' });
    expect(listHeading).toHaveFocus();
    expect(listHeading).toHaveAttribute('tabindex', '-1');
  });

  it("moves focus to the heading of the opener's section when its table has no title of its own", async () => {
    render(<Page withField inList="untitled-table" />);
    await chooseFromRowMenu();
    await userEvent.keyboard('{Escape}');
    await act(async () => screen.getByRole('button', { name: 'Remove the row' }).click());
    expect(screen.getByRole('heading', { name: 'Thing list' })).toHaveFocus();
  });
});
