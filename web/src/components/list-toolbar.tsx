import { Button, Dropdown, Search } from '@carbon/react';
import { useId, type ReactNode } from 'react';
import { FilterFold, FilterFoldButton, useFilterFold } from './filter-fold';
import './list-toolbar.scss';

interface ListToolbarProps {
  /** Names the search box ("Search automations"). */
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange: (value: string) => void;
  /** Filters beside the search box (Carbon Dropdowns); on a phone they fold behind "Filters". */
  children?: ReactNode;
  /** How many of the filters are set: the "Filters" button counts them ("Filters (1)"). */
  filterCount?: number;
  /** Shows "Clear filters", disabled while no filter is set. */
  hasFilters?: boolean;
  onClearFilters?: () => void;
  /** The list's primary action (e.g. "Invite member"), at the end of the toolbar. */
  action?: ReactNode;
}

/**
 * The search box and filters above a server-side list. The caller debounces the search and resets
 * the page when any of them changes. On a phone (below Carbon's md) the filters fold behind a
 * "Filters" button, as in the other lists' toolbars (components/filter-fold): the search takes a
 * line, Filters, Clear filters (only once there is something to clear) and the action the next, and
 * the filters the one after once shown.
 */
export function ListToolbar(props: ListToolbarProps) {
  const {
    searchLabel,
    searchPlaceholder,
    search,
    onSearchChange,
    children,
    filterCount = 0,
    hasFilters,
    onClearFilters,
    action,
  } = props;
  const searchId = useId();
  const fold = useFilterFold(`${searchId}-filters`);
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__search">
        <Search
          id={searchId}
          size="lg"
          labelText={searchLabel}
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          closeButtonLabelText="Clear search"
        />
      </div>
      {children && (
        <>
          <FilterFoldButton fold={fold} activeCount={filterCount} className="list-toolbar__toggle" />
          <FilterFold fold={fold} className="list-toolbar__filters">
            {children}
          </FilterFold>
        </>
      )}
      {onClearFilters && (
        <ClearFiltersButton
          focusId={searchId}
          className="list-toolbar__clear"
          hasFilters={hasFilters}
          onClearFilters={onClearFilters}
        />
      )}
      {action && <div className="list-toolbar__action">{action}</div>}
    </div>
  );
}

interface ClearFiltersButtonProps {
  /**
   * Where focus goes when the filters are cleared: the id of the list's search box (a Carbon Search's
   * id is its input's), or of a filter dropdown where a list has no search (a Carbon Dropdown's id is its
   * wrapper's: its button takes focus).
   */
  focusId: string;
  hasFilters?: boolean;
  onClearFilters: () => void;
  className?: string;
  size?: 'md' | 'lg';
}

/**
 * "Clear filters", disabled while no filter is set. Pressed, it is disabled, and a disabled button
 * loses focus to <body>: focus goes first to the search box, now empty, where a new search starts (or,
 * in a list without one, to its first filter).
 */
export function ClearFiltersButton({
  focusId,
  hasFilters,
  onClearFilters,
  className,
  size,
}: ClearFiltersButtonProps) {
  function clearFilters() {
    const target = document.getElementById(focusId);
    (target?.matches('input, button') ? target : target?.querySelector('button'))?.focus();
    onClearFilters();
  }
  return (
    <Button kind="ghost" size={size} className={className} disabled={!hasFilters} onClick={clearFilters}>
      Clear filters
    </Button>
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
