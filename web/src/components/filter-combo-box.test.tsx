import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterComboBox, offersItem } from './filter-combo-box';

const ITEMS = ['phishing', 'romance', 'money-mule'];

function Filter({
  initial,
  onSearchChange,
}: {
  initial: string | null;
  onSearchChange?: (text: string) => void;
}) {
  const [chosen, setChosen] = useState(initial);
  return (
    <FilterComboBox<string>
      id="tag"
      label="Tag"
      placeholder="All tags"
      items={ITEMS}
      itemToText={(item) => item}
      selectedItem={chosen}
      onChange={setChosen}
      onSearchChange={onSearchChange}
    />
  );
}

const offered = () =>
  within(screen.getByRole('listbox', { name: 'Tag' }))
    .queryAllByRole('option')
    .map((option) => option.textContent);

describe('offersItem', () => {
  it('offers every item for no text or the chosen text, else those containing it in any case', () => {
    expect(offersItem('romance', '', undefined)).toBe(true);
    expect(offersItem('romance', null, undefined)).toBe(true);
    expect(offersItem('romance', 'phishing', 'phishing')).toBe(true);
    expect(offersItem('romance', 'MAN', 'phishing')).toBe(true);
    expect(offersItem('romance', 'phish', 'phishing')).toBe(false);
  });
});

describe('FilterComboBox', () => {
  it('reopened on a choice, offers every item; typing narrows them; its button clears the choice', async () => {
    const user = userEvent.setup();
    render(<Filter initial="romance" />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    expect(input).toHaveValue('Tag: romance');
    await user.click(input);
    expect(offered()).toEqual(ITEMS);
    await user.clear(input);
    await user.type(input, 'MULE');
    expect(offered()).toEqual(['money-mule']);
    await user.click(screen.getByRole('option', { name: 'money-mule' }));
    expect(input).toHaveValue('Tag: money-mule');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'All tags');
  });

  it('takes more room once chosen, for the name of the filter beside the choice', async () => {
    const user = userEvent.setup();
    const { container } = render(<Filter initial="romance" />);
    const field = container.querySelector('.filter-combo-box')!;
    expect(field).toHaveClass('filter-combo-box--chosen');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    expect(field).not.toHaveClass('filter-combo-box--chosen');
  });

  it('leaves a server-searched list as given, and does not search for the chosen text', async () => {
    const user = userEvent.setup();
    const onSearchChange = vi.fn();
    render(<Filter initial="romance" onSearchChange={onSearchChange} />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await user.click(input);
    expect(offered()).toEqual(ITEMS);
    expect(onSearchChange).not.toHaveBeenCalledWith('romance');
    await user.clear(input);
    await user.type(input, 'ph');
    expect(onSearchChange).toHaveBeenLastCalledWith('ph');
    expect(offered()).toEqual(ITEMS);
  });
});

describe('FilterComboBox re-rendered while typed into', () => {
  function Searched() {
    const [chosen, setChosen] = useState<string | null>('romance');
    const [search, setSearch] = useState('');
    return (
      <>
        <FilterComboBox<string>
          id="tag"
          label="Tag"
          placeholder="All tags"
          // A new array and a new function each time, as a list's toolbar gives them.
          items={[...ITEMS]}
          itemToText={(item) => item}
          selectedItem={chosen}
          onChange={setChosen}
          onSearchChange={setSearch}
        />
        <output>{search}</output>
      </>
    );
  }

  it('keeps what is typed: the choice is not put back at each render', async () => {
    const user = userEvent.setup();
    render(<Searched />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    expect(input).toHaveValue('Tag: romance');
    await user.clear(input);
    await user.type(input, 'ph');
    expect(screen.getByRole('status')).toHaveTextContent('ph');
    expect(input).toHaveValue('ph');
  });
});
