import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';
import { IDENTIFIER_TYPE_FILTER_OPTIONS } from '@scamtrail/domain/identifiers/type-options';
import { IDENTIFIER_LIST_SORTS, type IdentifierListSort } from '@scamtrail/domain/identifiers/list-sorts';

/** The URL parameter that keeps an identifier's detail modal open, so the view can be shared. */
export const OPEN_PARAM = 'open';

/** The list's state as it lives in the URL: `?search=..&type=..&sort=..&page=..&pageSize=..`. */
export interface IdentifierListParams {
  search: string;
  /** A type of the filter dropdown, or '' for all types. */
  type: string;
  /** The order: newest first (the default) or seen in the most cases first. */
  sort: IdentifierListSort;
  page: number;
  pageSize: number;
}

const FILTER_TYPES = new Set<string>(IDENTIFIER_TYPE_FILTER_OPTIONS.map((option) => option.value));
const isSort = (value: string | null): value is IdentifierListSort =>
  (IDENTIFIER_LIST_SORTS as readonly (string | null)[]).includes(value);

/** Reads the list state from the URL; anything unknown or malformed falls back to its default. */
export function readListParams(params: URLSearchParams): IdentifierListParams {
  const type = params.get('type') ?? '';
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    type: FILTER_TYPES.has(type) ? type : '',
    sort: isSort(sort) ? sort : 'newest',
    ...pageFromUrl(params.get('page'), params.get('pageSize')),
  };
}

/**
 * The URL after a change of list state. A search, type, order or page-size change goes back to page 1
 * (spec 4). Defaults are left out so the plain `/identifiers` stays the plain list; parameters that
 * are not list state (e.g. `open`) are kept.
 */
export function writeListParams(
  current: URLSearchParams,
  changes: Partial<IdentifierListParams>,
): URLSearchParams {
  const previous = readListParams(current);
  const next = { ...previous, ...changes };
  const resetsPage =
    (changes.search !== undefined && changes.search.trim() !== previous.search) ||
    (changes.type !== undefined && changes.type !== previous.type) ||
    (changes.sort !== undefined && changes.sort !== previous.sort) ||
    (changes.pageSize !== undefined && changes.pageSize !== previous.pageSize);
  if (resetsPage) next.page = 1;

  const params = new URLSearchParams(current);
  const set = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) params.delete(key);
    else params.set(key, value);
  };
  set('search', next.search.trim(), next.search.trim() === '');
  set('type', next.type, next.type === '');
  set('sort', next.sort, next.sort === 'newest');
  set('page', String(next.page), next.page === 1);
  set('pageSize', String(next.pageSize), next.pageSize === LIST_PAGE_SIZES[0]);
  return params;
}

/** True when a search or a type filter narrows the list (Clear filters is then enabled). */
export function hasActiveFilters(params: Pick<IdentifierListParams, 'search' | 'type'>): boolean {
  return params.search.trim() !== '' || params.type !== '';
}

/** The URL with every filter removed and the first page shown; the page size is kept. */
export function clearListFilters(current: URLSearchParams): URLSearchParams {
  return writeListParams(current, { search: '', type: '', page: 1 });
}
