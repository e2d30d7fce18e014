import {
  CASE_NO_GROUP,
  CASE_PRIORITIES,
  CASE_SORTS,
  CASE_STATUSES,
  SCAM_TYPES,
  type CasePriority,
  type CaseSort,
  type CaseStatus,
  type ScamType,
} from '@scamtrail/domain/case-labels';
import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';

export const DEFAULT_CASE_PAGE_SIZE = LIST_PAGE_SIZES[0];
export const DEFAULT_CASE_SORT: CaseSort = 'updatedAt';
export type SortDirection = 'asc' | 'desc';

/**
 * The case list's state as it lives in the URL:
 * `?search=..&status=..&priority=..&scamType=..&assigneeId=..&tagId=..&groupId=..&sort=..&direction=..&page=..&pageSize=..`.
 * A filter is '' when unset; `groupId` is a group's id or `none` (the cases of no group).
 */
export interface CaseListParams {
  search: string;
  status: CaseStatus | '';
  priority: CasePriority | '';
  scamType: ScamType | '';
  assigneeId: string;
  tagId: string;
  groupId: string;
  sort: CaseSort;
  direction: SortDirection;
  page: number;
  pageSize: number;
}

/** The filters of the list (the search aside): any of them set narrows the list. */
export const CASE_FILTER_KEYS = ['status', 'priority', 'scamType', 'assigneeId', 'tagId', 'groupId'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Reads the list state from the URL; anything unknown or malformed falls back to its default. */
export function readCaseListParams(params: URLSearchParams): CaseListParams {
  const id = (key: string) => {
    const value = params.get(key) ?? '';
    return UUID.test(value) ? value : '';
  };
  return {
    search: (params.get('search') ?? '').trim(),
    status: oneOf(CASE_STATUSES, params.get('status')),
    priority: oneOf(CASE_PRIORITIES, params.get('priority')),
    scamType: oneOf(SCAM_TYPES, params.get('scamType')),
    assigneeId: id('assigneeId'),
    tagId: id('tagId'),
    groupId: params.get('groupId') === CASE_NO_GROUP ? CASE_NO_GROUP : id('groupId'),
    sort: oneOf(CASE_SORTS, params.get('sort')) || DEFAULT_CASE_SORT,
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
    ...pageFromUrl(params.get('page'), params.get('pageSize')),
  };
}

/**
 * The URL after a change of list state. A change of search, filter, sort or page size goes back to
 * page 1. Defaults are left out, so the plain `/cases` is the plain list; other parameters are kept.
 */
export function writeCaseListParams(
  current: URLSearchParams,
  changes: Partial<CaseListParams>,
): URLSearchParams {
  const previous = readCaseListParams(current);
  const next: CaseListParams = {
    ...previous,
    ...changes,
    search: (changes.search ?? previous.search).trim(),
  };
  const changed = Object.keys(changes) as (keyof CaseListParams)[];
  if (changed.some((key) => key !== 'page' && next[key] !== previous[key])) next.page = 1;

  // Written in one order whatever the order of the changes, so the same view has the same URL.
  const params = new URLSearchParams(current);
  const keys = Object.keys(previous) as (keyof CaseListParams)[];
  for (const key of keys) params.delete(key);
  const defaults: Partial<Record<keyof CaseListParams, unknown>> = {
    sort: DEFAULT_CASE_SORT,
    direction: 'desc',
    page: 1,
    pageSize: DEFAULT_CASE_PAGE_SIZE,
  };
  for (const key of keys) {
    if (next[key] !== '' && next[key] !== defaults[key]) params.set(key, String(next[key]));
  }
  return params;
}

/** True when a search or a filter narrows the list (the sort does not). */
export function hasCaseFilters(params: CaseListParams): boolean {
  return params.search !== '' || CASE_FILTER_KEYS.some((key) => params[key] !== '');
}

/** The URL with the search and every filter removed and the first page shown; sort and page size stay. */
export function clearCaseFilters(current: URLSearchParams): URLSearchParams {
  return writeCaseListParams(current, {
    search: '',
    status: '',
    priority: '',
    scamType: '',
    assigneeId: '',
    tagId: '',
    groupId: '',
    page: 1,
  });
}
