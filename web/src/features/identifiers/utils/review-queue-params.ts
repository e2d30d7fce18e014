import { REVIEW_QUEUE_SORTS, type ReviewQueueSort } from '@scamtrail/domain/identifiers/api';
import { REVIEW_STATUSES, type ReviewStatus } from '@scamtrail/domain/identifiers/review';
import { IDENTIFIER_TYPES, type IdentifierType } from '@scamtrail/domain/identifiers/types';
import { ORIGINATOR_TYPES, type OriginatorType } from '@scamtrail/domain/originator-labels';
import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';

/**
 * The validation queue's state as it lives in the URL:
 * `?status=..&type=..&reportedBy=..&sort=..&page=..&pageSize=..`. A filter is '' when unset.
 */
export interface ReviewQueueParams {
  status: ReviewStatus;
  type: IdentifierType | '';
  reportedBy: OriginatorType | '';
  sort: ReviewQueueSort;
  page: number;
  pageSize: number;
}

const DEFAULTS: ReviewQueueParams = {
  status: 'pending',
  type: '',
  reportedBy: '',
  sort: 'oldest',
  page: 1,
  pageSize: LIST_PAGE_SIZES[0],
};

const KEYS = Object.keys(DEFAULTS) as (keyof ReviewQueueParams)[];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Reads the queue state from the URL; anything unknown or malformed falls back to its default. */
export function readReviewQueueParams(params: URLSearchParams): ReviewQueueParams {
  return {
    status: oneOf(REVIEW_STATUSES, params.get('status')) || DEFAULTS.status,
    type: oneOf(IDENTIFIER_TYPES, params.get('type')),
    reportedBy: oneOf(ORIGINATOR_TYPES, params.get('reportedBy')),
    sort: oneOf(REVIEW_QUEUE_SORTS, params.get('sort')) || DEFAULTS.sort,
    ...pageFromUrl(params.get('page'), params.get('pageSize')),
  };
}

/**
 * The URL after a change of queue state. Any change but the page's goes back to page 1. Defaults are
 * left out, so the plain `/validation` is the pending queue; other parameters (`open`) are kept.
 */
export function writeReviewQueueParams(
  current: URLSearchParams,
  changes: Partial<ReviewQueueParams>,
): URLSearchParams {
  const previous = readReviewQueueParams(current);
  const next: ReviewQueueParams = { ...previous, ...changes };
  const changed = Object.keys(changes) as (keyof ReviewQueueParams)[];
  if (changed.some((key) => key !== 'page' && next[key] !== previous[key])) next.page = 1;

  // Written in one order whatever the order of the changes, so the same view has the same URL.
  const params = new URLSearchParams(current);
  for (const key of KEYS) params.delete(key);
  for (const key of KEYS) {
    if (next[key] !== DEFAULTS[key]) params.set(key, String(next[key]));
  }
  return params;
}

/** True when a type or reporter filter narrows the queue (the status and the sort choose the view). */
export function hasReviewQueueFilters(params: Pick<ReviewQueueParams, 'type' | 'reportedBy'>): boolean {
  return params.type !== '' || params.reportedBy !== '';
}

/** The URL without the type and reporter filters, on page 1; status, sort and page size stay. */
export function clearReviewQueueFilters(current: URLSearchParams): URLSearchParams {
  return writeReviewQueueParams(current, { type: '', reportedBy: '', page: 1 });
}
