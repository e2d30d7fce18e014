import { FilterableMultiSelect } from '@carbon/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeepSelectionOnEscape } from './keep-selection-on-escape';

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
