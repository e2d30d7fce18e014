import { ComboBox } from './keep-selection-on-escape';

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

/**
 * One filter of a list whose choices are too many for a dropdown (tags, groups, users): the app's
 * ComboBox, typed into to narrow the choices, cleared with its own button. Every list's filter combo
 * boxes are this one, so they narrow, reopen and clear alike.
 */
export function FilterComboBox<T>(props: FilterComboBoxProps<T>) {
  const { id, label, placeholder, items, itemToText, selectedItem, onChange, onSearchChange, className } =
    props;
  const chosenText = selectedItem ? itemToText(selectedItem) : undefined;
  return (
    <ComboBox<T>
      id={id}
      className={className}
      size="lg"
      titleText={label}
      placeholder={placeholder}
      items={items}
      itemToString={(item) => (item ? itemToText(item) : '')}
      shouldFilterItem={({ item, inputValue }) =>
        onSearchChange ? true : offersItem(itemToText(item), inputValue, chosenText)
      }
      onInputChange={(text) => onSearchChange?.(text === chosenText ? '' : text)}
      selectedItem={selectedItem}
      onChange={({ selectedItem: chosen }) => onChange(chosen ?? null)}
    />
  );
}
