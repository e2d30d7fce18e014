import { REVIEW_STATUS_LABELS, REVIEW_STATUSES } from '@scamtrail/domain/identifiers/review';
import { IDENTIFIER_TYPE_OPTIONS } from '@scamtrail/domain/identifiers/type-options';
import type { OriginatorType } from '@scamtrail/domain/originator-labels';
import { ClearFiltersButton, FilterDropdown } from '../../../components/list-toolbar';
import { FilterFold, FilterFoldButton, useFilterFold } from '../../../components/filter-fold';
import type { ReviewQueueParams } from '../utils/review-queue-params';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { reviewQueueFilters } from '../api/get-review-queue';

interface Option<T extends string> {
  value: T;
  text: string;
}

const STATUS_OPTIONS = REVIEW_STATUSES.map((value) => ({ value, text: REVIEW_STATUS_LABELS[value] }));
const TYPE_OPTIONS = [
  { value: '' as const, text: 'All types' },
  ...IDENTIFIER_TYPE_OPTIONS.map((option) => ({ value: option.value, text: option.label })),
];
const REPORTED_BY_OPTIONS: Option<OriginatorType | ''>[] = [
  { value: '', text: 'All reporters' },
  { value: 'team_member', text: 'Team members' },
  { value: 'community_member', text: 'Community members' },
  { value: 'automation', text: 'Automations' },
];
const SORT_OPTIONS = [
  { value: 'oldest' as const, text: 'Oldest first' },
  { value: 'newest' as const, text: 'Newest first' },
];

interface ReviewQueueToolbarProps {
  params: ReviewQueueParams;
  update: (changes: Partial<ReviewQueueParams>) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
}

/**
 * Which decisions to list (awaiting review by default), narrowed by type and reporter, and the order. On
 * a phone the type, reporter and order fold behind a "Filters" button that counts the ones changed, so
 * the queue's first row is not pushed below the screen. The status names itself ("Status: Confirmed"),
 * as do the others once chosen; unchosen they read "All types", "All reporters", and the orders name
 * themselves. So that the toolbar keeps to one line on a laptop (1280 px) with filters chosen, "Download
 * CSV" is its icon, named by its tooltip, and a value too long for the line ends in an ellipsis.
 */
export function ReviewQueueToolbar({ params, update, hasFilters, onClearFilters }: ReviewQueueToolbarProps) {
  const fold = useFilterFold('review-queue-filters');
  const activeCount = [params.type !== '', params.reportedBy !== '', params.sort !== 'oldest'].filter(
    Boolean,
  ).length;
  return (
    <div className="review-queue-toolbar" role="group" aria-label="Queue filters">
      <FilterDropdown
        className="review-queue-toolbar__filter review-queue-toolbar__status"
        labelInValue="always"
        id="review-queue-status"
        label="Status"
        value={params.status}
        options={STATUS_OPTIONS}
        onChange={(status) => update({ status })}
      />
      <FilterFoldButton fold={fold} activeCount={activeCount} />
      <FilterFold fold={fold} className="review-queue-toolbar__filters">
        <FilterDropdown
          className="review-queue-toolbar__filter"
          labelInValue="when-chosen"
          id="review-queue-type"
          label="Type"
          value={params.type}
          options={TYPE_OPTIONS}
          onChange={(type) => update({ type })}
        />
        <FilterDropdown
          className="review-queue-toolbar__filter"
          labelInValue="when-chosen"
          id="review-queue-reported-by"
          label="Reported by"
          value={params.reportedBy}
          options={REPORTED_BY_OPTIONS}
          onChange={(reportedBy) => update({ reportedBy })}
        />
        <FilterDropdown
          className="review-queue-toolbar__filter review-queue-toolbar__sort"
          id="review-queue-sort"
          label="Sort"
          value={params.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => update({ sort })}
        />
      </FilterFold>
      <ClearFiltersButton
        focusId="review-queue-status"
        size="lg"
        className="review-queue-toolbar__clear"
        hasFilters={hasFilters}
        onClearFilters={onClearFilters}
      />
      <CsvDownloadButton iconOnly path="/identifiers/review-queue" filters={reviewQueueFilters(params)} />
    </div>
  );
}
