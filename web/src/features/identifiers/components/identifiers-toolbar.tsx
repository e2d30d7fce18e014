import { Button, Dropdown, Search, TableToolbar, TableToolbarContent } from '@carbon/react';
import { Add, Upload } from '@carbon/icons-react';
import type { SelectOption } from '@scamtrail/domain/identifiers/options';
import { IDENTIFIER_TYPE_FILTER_OPTIONS } from '@scamtrail/domain/identifiers/type-options';

interface IdentifiersToolbarProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  type: string;
  onTypeChange: (type: string) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  canCreate: boolean;
  onAdd: () => void;
  onImport: () => void;
}

/** Search, type filter, Clear filters, and the Import and Add Identifier actions (spec 2.3). */
export function IdentifiersToolbar(props: IdentifiersToolbarProps) {
  const selected =
    IDENTIFIER_TYPE_FILTER_OPTIONS.find((option) => option.value === props.type) ??
    IDENTIFIER_TYPE_FILTER_OPTIONS[0];
  return (
    <TableToolbar aria-label="Identifier filters and actions">
      <TableToolbarContent className="identifiers-toolbar">
        <Search
          id="identifiers-search"
          size="lg"
          labelText="Search identifiers"
          placeholder="Search by value, however written..."
          value={props.searchText}
          onChange={(event) => props.onSearchTextChange(event.target.value)}
          onClear={() => props.onSearchTextChange('')}
          className="identifiers-toolbar__search"
        />
        <Dropdown<SelectOption>
          id="identifiers-type"
          className="identifiers-toolbar__type"
          titleText="Type"
          hideLabel
          label="All types"
          size="lg"
          type="inline"
          items={[...IDENTIFIER_TYPE_FILTER_OPTIONS]}
          itemToString={(item) => item?.label ?? ''}
          selectedItem={selected}
          onChange={({ selectedItem }) => props.onTypeChange(selectedItem?.value ?? '')}
        />
        <Button kind="ghost" size="lg" disabled={!props.hasFilters} onClick={props.onClearFilters}>
          Clear filters
        </Button>
        {props.canCreate && (
          <>
            <Button kind="tertiary" size="lg" renderIcon={Upload} onClick={props.onImport}>
              Import
            </Button>
            <Button kind="primary" size="lg" renderIcon={Add} onClick={props.onAdd}>
              Add Identifier
            </Button>
          </>
        )}
      </TableToolbarContent>
    </TableToolbar>
  );
}
