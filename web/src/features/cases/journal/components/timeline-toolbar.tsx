import { Button, Checkbox, Search, Toggle } from '@carbon/react';
import { Add } from '@carbon/icons-react';
import type { Pagination } from '@scamtrail/domain/pagination';
import { JOURNAL_ENTRY_TYPE_LABELS, JOURNAL_ENTRY_TYPES } from '@scamtrail/domain/journal-entries';
import { FilterDropdown } from '../../../../components/list-toolbar';
import { pluralise } from '../../../../lib/format';
import type { TimelineParams } from './timeline-params';
import '../../../../styles/carbon/toggle.scss';

const TYPE_OPTIONS = [
  { value: '' as const, text: 'All types' },
  ...JOURNAL_ENTRY_TYPES.map((type) => ({ value: type, text: JOURNAL_ENTRY_TYPE_LABELS[type] })),
];

interface TimelineHeaderProps {
  /** The page on screen, once loaded. */
  pagination?: Pagination;
  /** A search or filter narrows the journal: the count is of the entries that match. */
  isFiltered?: boolean;
  /** Shows "Add entry" when given. */
  onAdd?: () => void;
}

/** "12 entries, newest first" (or "3 entries match"), and "Add entry". */
export function TimelineHeader({ pagination, isFiltered = false, onAdd }: TimelineHeaderProps) {
  const total = pagination?.totalItems ?? 0;
  // An empty journal says so in its empty state; "0 entries" would only repeat it.
  if (total === 0 && !onAdd) return null;
  return (
    <div className="timeline-header">
      <p className="timeline-header__count">
        {total > 0 &&
          `${pluralise(total, 'entry', 'entries')}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}, newest first`}
      </p>
      {onAdd && (
        <Button renderIcon={Add} onClick={onAdd}>
          Add entry
        </Button>
      )}
    </div>
  );
}

interface TimelineToolbarProps {
  params: TimelineParams;
  /** The search box's text, written to `params.search` once typing pauses. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onChange: (changes: Partial<TimelineParams>) => void;
}

/** The timeline's search and filters: text, type, "Has evidence" and removed entries. */
export function TimelineToolbar({ params, searchText, onSearchTextChange, onChange }: TimelineToolbarProps) {
  return (
    <div className="list-toolbar timeline-toolbar">
      <div className="timeline-toolbar__search">
        <Search
          id="timeline-search"
          size="lg"
          labelText="Search the journal"
          placeholder="Search the entries' text"
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          closeButtonLabelText="Clear search"
        />
      </div>
      <div className="timeline-toolbar__type">
        <FilterDropdown
          id="timeline-type"
          label="Entry type"
          value={params.type}
          options={TYPE_OPTIONS}
          onChange={(type) => onChange({ type })}
        />
      </div>
      <div className="timeline-toolbar__switches">
        <Checkbox
          id="timeline-has-evidence"
          labelText="Has evidence"
          checked={params.hasEvidence}
          onChange={(_event, { checked }) => onChange({ hasEvidence: checked })}
        />
        <Toggle
          id="timeline-show-removed"
          size="sm"
          labelText="Show removed entries"
          hideLabel
          toggled={params.showRemoved}
          onToggle={(showRemoved) => onChange({ showRemoved })}
        />
      </div>
    </div>
  );
}
