import {
  Button,
  Dropdown,
  OverflowMenu,
  OverflowMenuItem,
  Search,
  TableToolbar,
  TableToolbarContent,
} from '@carbon/react';
import { Add, Upload } from '@carbon/icons-react';
import type { SelectOption } from '@scamtrail/domain/identifiers/options';
import { IDENTIFIER_TYPE_FILTER_OPTIONS } from '@scamtrail/domain/identifiers/type-options';
import type { IdentifierListSort } from '@scamtrail/domain/identifiers/api';
import { IdentifiersDownloadMenu } from '../../../components/exchange/identifiers-download-menu';
import { useExchangeDownload } from '../../../components/exchange/use-exchange-download';
import { csvDownloadHref } from '../../../components/csv-download-button';
import { ClearFiltersButton } from '../../../components/list-toolbar';
import { FilterFold, FilterFoldButton, useFilterFold } from '../../../components/filter-fold';
import { downloadIdentifiersStix } from '../../../lib/exchange-files';
import { identifierListFilters } from '../api/identifiers-request';

interface SortOption {
  value: IdentifierListSort;
  label: string;
}

/** The list's orders, as the sort dropdown names them. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'most_cases', label: 'Seen in most cases' },
];

interface IdentifiersToolbarProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  type: string;
  onTypeChange: (type: string) => void;
  sort: IdentifierListSort;
  onSortChange: (sort: IdentifierListSort) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  canCreate: boolean;
  onAdd: () => void;
  onImport: () => void;
}

/**
 * Search, type filter, order, Clear filters, and the Import and Add Identifier actions (spec 2.3). On a
 * phone the type, the order and Clear filters fold behind a "Filters" button, and the downloads and
 * Import behind an overflow menu, so that the search, Filters and Add Identifier take two lines.
 */
export function IdentifiersToolbar(props: IdentifiersToolbarProps) {
  const fold = useFilterFold('identifiers-filters');
  const stix = useExchangeDownload();
  const selected =
    IDENTIFIER_TYPE_FILTER_OPTIONS.find((option) => option.value === props.type) ??
    IDENTIFIER_TYPE_FILTER_OPTIONS[0];
  const sort = SORT_OPTIONS.find((option) => option.value === props.sort) ?? SORT_OPTIONS[0];
  const filters = identifierListFilters({
    search: props.searchText.trim(),
    type: props.type,
    sort: props.sort,
  });
  const activeCount = [props.type !== '', props.sort !== SORT_OPTIONS[0].value].filter(Boolean).length;
  return (
    <TableToolbar aria-label="Identifier filters and actions">
      <TableToolbarContent className="identifiers-toolbar">
        <Search
          id="identifiers-search"
          size="lg"
          labelText="Search identifiers"
          placeholder="Search by display value..."
          value={props.searchText}
          onChange={(event) => props.onSearchTextChange(event.target.value)}
          onClear={() => props.onSearchTextChange('')}
          className="identifiers-toolbar__search"
        />
        <FilterFoldButton fold={fold} activeCount={activeCount} className="identifiers-toolbar__toggle" />
        <FilterFold fold={fold} className="identifiers-toolbar__filters">
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
            // Chosen, the type names itself ("Type: Zelle"), as the other lists' filters do.
            renderSelectedItem={(item) => (item.value ? `Type: ${item.label}` : item.label)}
            selectedItem={selected}
            onChange={({ selectedItem }) => props.onTypeChange(selectedItem?.value ?? '')}
          />
          <Dropdown<SortOption>
            id="identifiers-sort"
            className="identifiers-toolbar__sort"
            titleText="Sort by"
            hideLabel
            label="Sort by"
            aria-label="Sort by"
            size="lg"
            type="inline"
            items={[...SORT_OPTIONS]}
            itemToString={(item) => item?.label ?? ''}
            selectedItem={sort}
            onChange={({ selectedItem }) => props.onSortChange(selectedItem?.value ?? 'newest')}
          />
          <ClearFiltersButton
            focusId="identifiers-search"
            size="lg"
            hasFilters={props.hasFilters}
            onClearFilters={props.onClearFilters}
          />
        </FilterFold>
        {/* On a wider screen the downloads and Import are buttons; on a phone, Carbon's toolbar menu. */}
        <div className="identifiers-toolbar__more-actions">
          <IdentifiersDownloadMenu filters={filters} />
          {props.canCreate && (
            <Button kind="tertiary" size="lg" renderIcon={Upload} onClick={props.onImport}>
              Import
            </Button>
          )}
        </div>
        <OverflowMenu
          className="identifiers-toolbar__menu"
          size="lg"
          flipped
          iconDescription="More actions"
          aria-label="More actions"
        >
          <OverflowMenuItem itemText="Download CSV" href={csvDownloadHref('/identifiers', filters)} />
          <OverflowMenuItem
            itemText="Download STIX"
            disabled={stix.busy}
            onClick={() => stix.run('STIX bundle', () => downloadIdentifiersStix(filters))}
          />
          {props.canCreate && <OverflowMenuItem itemText="Import" onClick={props.onImport} />}
        </OverflowMenu>
        {props.canCreate && (
          <Button
            kind="primary"
            size="lg"
            className="identifiers-toolbar__add"
            renderIcon={Add}
            onClick={props.onAdd}
          >
            Add Identifier
          </Button>
        )}
      </TableToolbarContent>
    </TableToolbar>
  );
}
