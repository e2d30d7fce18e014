import type { ComboBoxProps } from '@carbon/react';
import { useEffect, useRef } from 'react';
import { ComboBox } from './keep-selection-on-escape';
import './filter-combo-box.scss';

/**
 * Whether a filter's combo box offers an item while its input holds `inputValue`. The input of a
 * combo box with a choice shows the chosen item's text; reopened, it is not a search for that item
 * alone: every item is offered until the user types something else.
 */
export function offersItem(itemText: string, inputValue: string | null, chosenText: string | undefined) {
  if (!inputValue || inputValue === chosenText) return true;
  return itemText.toLocaleLowerCase().includes(inputValue.toLocaleLowerCase());
}

interface FilterComboBoxProps<T> {
  id: string;
  /** Names the filter ("Tag"). */
  label: string;
  /** Shown while nothing is chosen, as the list's dropdowns word theirs: "All tags". */
  placeholder: string;
  items: T[];
  itemToText: (item: T) => string;
  selectedItem: T | null;
  onChange: (item: T | null) => void;
  /**
   * For a list the server searches: called with what the user types ('' while the input shows the
   * choice), and the items are shown as given. Without it, the items are filtered here by their text.
   */
  onSearchChange?: (text: string) => void;
  className?: string;
}

/** An item as the combo box holds it: its text in the list, and `Label: text` in the field once chosen. */
interface Choice<T> {
  text: string;
  item: T;
}

/** Carbon's handle on its Downshift state (`downshiftActions`). */
type ComboBoxActions<T> = NonNullable<ComboBoxProps<Choice<T>>['downshiftActions']>['current'];

/**
 * One filter of a list whose choices are too many for a dropdown (tags, groups, users): the app's
 * ComboBox, typed into to narrow the choices, cleared with its own button. Every list's filter combo
 * boxes are this one, so they narrow, reopen and clear alike. Chosen, the field names the filter before
 * the choice ("Tag: phishing"), as the lists' dropdowns do (FilterDropdown's `when-chosen`); the list
 * offers the choices by their own text.
 */
export function FilterComboBox<T>(props: FilterComboBoxProps<T>) {
  const { id, label, placeholder, items, itemToText, selectedItem, onChange, onSearchChange, className } =
    props;
  // Carbon resets the field whenever the chosen item is a new object: an item keeps its Choice.
  const held = useRef(new Map<T, Choice<T>>());
  const choiceOf = (item: T) => {
    const text = itemToText(item);
    let choice = held.current.get(item);
    if (choice?.text !== text) {
      choice = { text, item };
      held.current.set(item, choice);
    }
    return choice;
  };
  const choices = items.map(choiceOf);
  // A server-searched list is replaced when its answer comes, after the typing that asked for it:
  // Downshift keeps the row it highlighted, which may be past the new list's end, and the field's
  // aria-activedescendant then names a row that is gone (axe: aria-valid-attr-value). A new list starts
  // with none highlighted.
  const actions = useRef<ComboBoxActions<T>>(undefined);
  const listed = onSearchChange ? choices.map((choice) => choice.text).join('\n') : '';
  useEffect(() => {
    if (listed) actions.current?.setHighlightedIndex(-1);
  }, [listed]);
  const chosen = selectedItem === null ? null : choiceOf(selectedItem);
  const named = (choice: Choice<T> | null) => (choice ? `${label}: ${choice.text}` : '');
  const chosenText = chosen ? named(chosen) : undefined;
  const isChoiceName = (text: string) =>
    text === chosenText || choices.some((choice) => named(choice) === text);
  return (
    <ComboBox<Choice<T>>
      id={id}
      className={['filter-combo-box', chosen && 'filter-combo-box--chosen', className]
        .filter(Boolean)
        .join(' ')}
      size="lg"
      titleText={label}
      placeholder={placeholder}
      items={choices}
      downshiftActions={actions}
      itemToString={named}
      itemToElement={(choice) => choice.text}
      shouldFilterItem={({ item, inputValue }) =>
        onSearchChange ? true : offersItem(item.text, inputValue, chosenText)
      }
      // Chosen, the field shows the choice's name, which is no search: reported before the owner gives the
      // choice back (a list's URL, a render later), it searched for "Label: name" and found nothing.
      onInputChange={(text) => onSearchChange?.(isChoiceName(text) ? '' : text)}
      selectedItem={chosen}
      // A long choice ends in "..." in the field: its title holds it whole (Carbon's own title is the
      // field's text of the render before, so it named the previous choice, or nothing).
      inputProps={{ title: chosenText }}
      // Carbon also reports the choice its owner gives it (a render's selectedItem) as a change: only the
      // user's are passed on. Written from a render behind the router's, the echo undid a newer filter.
      onChange={({ selectedItem: choice }) => {
        if (choice !== chosen) onChange(choice?.item ?? null);
      }}
    />
  );
}
