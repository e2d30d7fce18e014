import { Button, Dropdown, Search } from '@carbon/react';
import { useRef, type ReactNode } from 'react';
import './list-toolbar.scss';

interface ListToolbarProps {
  /** Names the search box ("Search automations"). */
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange: (value: string) => void;
  /** Filters beside the search box (Carbon Dropdowns). */
  children?: ReactNode;
  /** Shows "Clear filters", disabled while no filter is set. */
  hasFilters?: boolean;
  onClearFilters?: () => void;
  /** The list's primary action (e.g. "Invite member"), at the end of the toolbar. */
  action?: ReactNode;
}

/**
 * The search box and filters above a server-side list. The caller debounces the search and resets
 * the page when any of them changes.
 */
export function ListToolbar(props: ListToolbarProps) {
  const {
    searchLabel,
    searchPlaceholder,
    search,
    onSearchChange,
    children,
    hasFilters,
    onClearFilters,
    action,
  } = props;
  const toolbar = useRef<HTMLDivElement>(null);
  // Clear filters is disabled once they are cleared, and a disabled button loses focus to <body>:
  // focus goes to the search box, now empty, where a new search starts.
  function clearFilters() {
    toolbar.current?.querySelector<HTMLInputElement>('.list-toolbar__search input')?.focus();
    onClearFilters?.();
  }
  return (
    <div className="list-toolbar" ref={toolbar}>
      <div className="list-toolbar__search">
        <Search
          size="lg"
          labelText={searchLabel}
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          closeButtonLabelText="Clear search"
        />
      </div>
      {children}
      {onClearFilters && (
        <Button kind="ghost" disabled={!hasFilters} onClick={clearFilters}>
          Clear filters
        </Button>
      )}
      {action && <div className="list-toolbar__action">{action}</div>}
    </div>
  );
}

interface FilterDropdownProps<T extends string> {
  id: string;
  /** Names the filter for assistive technology ("Status"). */
  label: string;
  value: T;
  options: readonly { value: T; text: string }[];
  onChange: (value: T) => void;
  className?: string;
  /**
   * Whether the closed dropdown names the filter before its value ("Status: Open"), so a row of
   * filters stays legible: `always`, or `when-chosen` (not for the option whose value is '', "All ...").
   */
  labelInValue?: 'always' | 'when-chosen';
}

/** One filter of a list: a Carbon Dropdown over fixed options, the first usually "All ...". */
export function FilterDropdown<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
  labelInValue,
}: FilterDropdownProps<T>) {
  const named = (item: { value: T; text: string }) =>
    labelInValue === 'always' || (labelInValue === 'when-chosen' && item.value)
      ? `${label}: ${item.text}`
      : item.text;
  return (
    <Dropdown
      id={id}
      className={className}
      size="lg"
      titleText={label}
      hideLabel
      label={label}
      items={options as { value: T; text: string }[]}
      itemToString={(item) => item?.text ?? ''}
      renderSelectedItem={labelInValue ? named : undefined}
      selectedItem={options.find((option) => option.value === value) ?? options[0]}
      onChange={({ selectedItem }) => onChange(selectedItem?.value ?? options[0].value)}
    />
  );
}
