import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterComboBox, offersItem } from './filter-combo-box';

const ITEMS = ['phishing', 'romance', 'money-mule'];

function Filter({
  initial,
  onSearchChange,
  deferred = false,
}: {
  initial: string | null;
  onSearchChange?: (text: string) => void;
  /** The choice comes back to the field a render later, as a list's URL does (the router's navigation). */
  deferred?: boolean;
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
      onChange={deferred ? (item) => void Promise.resolve().then(() => setChosen(item)) : setChosen}
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

  it('holds a long choice whole in its title, for the field that ends it in "..."', async () => {
    const user = userEvent.setup();
    const long = 'Maximiliana Alexandrina Konstantinopoulou-Vandenberghe Oyelaran';
    function Assignee() {
      const [chosen, setChosen] = useState<string | null>(long);
      return (
        <FilterComboBox<string>
          id="assignee"
          label="Assignee"
          placeholder="All assignees"
          items={['Ada Okafor', long]}
          itemToText={(item) => item}
          selectedItem={chosen}
          onChange={setChosen}
        />
      );
    }
    render(<Assignee />);
    const input = screen.getByRole('combobox', { name: 'Assignee' });
    expect(input).toHaveAttribute('title', `Assignee: ${long}`);
    await user.click(input);
    // Another choice's title is the new one at once, not the previous render's text.
    await user.click(screen.getByRole('option', { name: 'Ada Okafor' }));
    expect(input).toHaveAttribute('title', 'Assignee: Ada Okafor');
    await user.click(screen.getByRole('button', { name: 'Clear selected item' }));
    expect(input).not.toHaveAttribute('title', expect.stringContaining('Ada'));
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

describe('FilterComboBox searched on the server', () => {
  it('names no gone row as the active one once the answer shortens the list', async () => {
    const user = userEvent.setup();
    let answer: (search: string) => void = () => undefined;
    function Searched() {
      // The server's answer arrives after the typing that asked for it.
      const [answered, setAnswered] = useState('');
      answer = setAnswered;
      const items = answered ? ITEMS.filter((item) => item.includes(answered)) : ITEMS;
      return (
        <FilterComboBox<string>
          id="tag"
          label="Tag"
          placeholder="All tags"
          items={items}
          itemToText={(item) => item}
          selectedItem={null}
          onChange={() => undefined}
          onSearchChange={() => undefined}
        />
      );
    }
    render(<Searched />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'mule');
    // Carbon highlights the first row holding the text: the third, of the list before the answer.
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)).toHaveTextContent(
      'money-mule',
    );
    act(() => answer('mule'));
    expect(offered()).toEqual(['money-mule']);
    const active = input.getAttribute('aria-activedescendant');
    expect(!active || document.getElementById(active) !== null).toBe(true);
  });
});

describe('FilterComboBox once a choice is made', () => {
  it('searches for nothing: the field showing the choice is no search for its text', async () => {
    const user = userEvent.setup();
    const onSearchChange = vi.fn();
    render(<Filter initial={null} onSearchChange={onSearchChange} deferred />);
    const input = screen.getByRole('combobox', { name: 'Tag' });
    await user.type(input, 'mu');
    expect(onSearchChange).toHaveBeenLastCalledWith('mu');
    await user.click(screen.getByRole('option', { name: 'money-mule' }));
    expect(input).toHaveValue('Tag: money-mule');
    // Searched for "Tag: money-mule", a server's list held nothing, and the choice was lost with it.
    expect(onSearchChange).not.toHaveBeenCalledWith('Tag: money-mule');
    expect(onSearchChange).toHaveBeenLastCalledWith('');
  });

  it('reports no change when its owner only renames the choice it holds', () => {
    const onChange = vi.fn();
    const props = {
      id: 'assignee',
      label: 'Assignee',
      placeholder: 'All assignees',
      itemToText: (item: { id: string; text: string }) => item.text,
      onChange,
    };
    const chosen = { id: 'u1', text: 'Ada Okafor' };
    const { rerender } = render(<FilterComboBox {...props} items={[chosen]} selectedItem={chosen} />);
    // A list answered without the chosen user: its owner names the choice as best it can, a new object.
    const renamed = { id: 'u1', text: 'Chosen assignee' };
    rerender(<FilterComboBox {...props} items={[renamed]} selectedItem={renamed} />);
    expect(screen.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Assignee: Chosen assignee');
    // Carbon reports a programmatic selection as a change; written to the URL from a render behind the
    // router's, it undid a filter chosen in between.
    expect(onChange).not.toHaveBeenCalled();
  });
});
