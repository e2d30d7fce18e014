import { ComboBox as CarbonComboBox, FilterableMultiSelect } from '@carbon/react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboBox, KeepSelectionOnEscape } from './keep-selection-on-escape';

const ITEMS = ['phishing', 'urgent', 'romance'];

function Picker({ wrapped }: { wrapped: boolean }) {
  const [selected, setSelected] = useState(['phishing', 'urgent']);
  const field = (
    <FilterableMultiSelect<string>
      id="tags"
      titleText="Tags"
      placeholder="Search tags"
      items={ITEMS}
      itemToString={(item) => item ?? ''}
      selectedItems={selected}
      onChange={({ selectedItems }) => setSelected(selectedItems ?? [])}
    />
  );
  return (
    <>
      {wrapped ? <KeepSelectionOnEscape>{field}</KeepSelectionOnEscape> : field}
      <output aria-label="Chosen">{selected.join(', ') || 'none'}</output>
    </>
  );
}

describe('KeepSelectionOnEscape', () => {
  const pageKeys = vi.fn();
  const listen = (event: KeyboardEvent) => pageKeys(event.key);
  afterEach(() => {
    document.removeEventListener('keydown', listen);
    pageKeys.mockReset();
  });

  it('shows the defect it mends: bare, Escape in the closed field empties it and the page never hears it', async () => {
    const user = userEvent.setup();
    document.addEventListener('keydown', listen);
    render(<Picker wrapped={false} />);
    await user.click(screen.getByRole('combobox', { name: /^Tags/ }));
    await user.keyboard('{Escape}');
    pageKeys.mockClear();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('none');
    expect(pageKeys).not.toHaveBeenCalled();
  });

  it('keeps the selection and passes Escape on to the page, where a dialog closes on it', async () => {
    const user = userEvent.setup();
    document.addEventListener('keydown', listen);
    render(<Picker wrapped />);
    const field = screen.getByRole('combobox', { name: /^Tags/ });
    await user.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    // With the list open, Carbon's own handling: the list closes.
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    pageKeys.mockClear();
    await user.keyboard('{Escape}');
    expect(pageKeys).toHaveBeenCalledWith('Escape');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('phishing, urgent');
  });

  it('still lets the list choose and unchoose', async () => {
    const user = userEvent.setup();
    render(<Picker wrapped />);
    await user.click(screen.getByRole('combobox', { name: /^Tags/ }));
    await user.click(screen.getByRole('option', { name: 'romance' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('phishing, urgent, romance');
  });
});

function CurrencyPicker({ wrapped }: { wrapped: boolean }) {
  const [selected, setSelected] = useState<string | null>('EUR');
  const Field = wrapped ? ComboBox<string> : CarbonComboBox<string>;
  return (
    <>
      <Field
        id="currency"
        titleText="Currency"
        items={['EUR', 'GBP', 'USD']}
        selectedItem={selected}
        onChange={({ selectedItem }) => setSelected(selectedItem ?? null)}
      />
      <output aria-label="Chosen">{selected ?? 'none'}</output>
    </>
  );
}

/** Escape as a browser sends it: Carbon's list box stops it by its key code, which user-event leaves 0. */
const escape = (field: HTMLElement) => fireEvent.keyDown(field, { key: 'Escape', keyCode: 27 });

describe('ComboBox', () => {
  const pageKeys = vi.fn();
  const listen = (event: KeyboardEvent) => pageKeys(event.key);
  afterEach(() => {
    document.removeEventListener('keydown', listen);
    pageKeys.mockReset();
  });

  it("shows the defect it mends: in Carbon's, Escape in the closed field blanks it, never reaching the page", async () => {
    const user = userEvent.setup();
    document.addEventListener('keydown', listen);
    render(<CurrencyPicker wrapped={false} />);
    const field = screen.getByRole('combobox', { name: 'Currency' });
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    pageKeys.mockClear();
    escape(field);
    expect(pageKeys).not.toHaveBeenCalled();
    // The field shows nothing while the form still holds its choice.
    expect(field).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('EUR');
  });

  it('keeps the choice and passes Escape on to the page once the list is closed', async () => {
    const user = userEvent.setup();
    document.addEventListener('keydown', listen);
    render(<CurrencyPicker wrapped />);
    const field = screen.getByRole('combobox', { name: 'Currency' });
    await user.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    pageKeys.mockClear();
    escape(field);
    expect(pageKeys).toHaveBeenCalledWith('Escape');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('EUR');
    expect(field).toHaveValue('EUR');
  });
});
