import { JOURNAL_ENTRY_TYPES, type JournalEntryType } from '@scamtrail/domain/journal-entry-types';
import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';
import type { JournalPageParams } from '../api/journal-request';

/** The timeline's filters and page, kept in the URL beside the case page's own parameters. */
export interface TimelineParams {
  /** Text to find in the entries' descriptions; '' for none. */
  search: string;
  type: JournalEntryType | '';
  hasEvidence: boolean;
  showRemoved: boolean;
  page: number;
  pageSize: number;
}

/** URL parameter names, prefixed so they cannot clash with the other tabs' (`?journalType=call`). */
const NAMES: Record<keyof TimelineParams, string> = {
  search: 'journalSearch',
  type: 'journalType',
  hasEvidence: 'journalHasEvidence',
  showRemoved: 'journalShowRemoved',
  page: 'journalPage',
  pageSize: 'journalPageSize',
};

const DEFAULT_PAGE_SIZE = LIST_PAGE_SIZES[0];

/** Reads the timeline's state; anything unknown or malformed falls back to its default. */
export function readTimelineParams(search: URLSearchParams): TimelineParams {
  const type = search.get(NAMES.type) ?? '';
  return {
    search: search.get(NAMES.search)?.trim() ?? '',
    type: (JOURNAL_ENTRY_TYPES as readonly string[]).includes(type) ? (type as JournalEntryType) : '',
    hasEvidence: search.get(NAMES.hasEvidence) === 'true',
    showRemoved: search.get(NAMES.showRemoved) === 'true',
    ...pageFromUrl(search.get(NAMES.page), search.get(NAMES.pageSize)),
  };
}

/**
 * The URL after a change: a filter or page-size change goes back to page 1; defaults are left out;
 * the other parameters of the page are kept.
 */
export function writeTimelineParams(current: URLSearchParams, changes: Partial<TimelineParams>) {
  const previous = readTimelineParams(current);
  const next = { ...previous, ...changes };
  const resets = (['search', 'type', 'hasEvidence', 'showRemoved', 'pageSize'] as const).some(
    (key) => changes[key] !== undefined && changes[key] !== previous[key],
  );
  if (resets && changes.page === undefined) next.page = 1;

  const params = new URLSearchParams(current);
  const set = (name: keyof TimelineParams, value: string, isDefault: boolean) => {
    if (isDefault) params.delete(NAMES[name]);
    else params.set(NAMES[name], value);
  };
  set('search', next.search.trim(), next.search.trim() === '');
  set('type', next.type, next.type === '');
  set('hasEvidence', 'true', !next.hasEvidence);
  set('showRemoved', 'true', !next.showRemoved);
  set('page', String(next.page), next.page === 1);
  set('pageSize', String(next.pageSize), next.pageSize === DEFAULT_PAGE_SIZE);
  return params;
}

/** The journal page the timeline asks the server for, as the timeline and its prefetch both ask. */
export function journalPageParams(params: TimelineParams): JournalPageParams {
  return {
    includeNullified: params.showRemoved,
    search: params.search || undefined,
    type: params.type || undefined,
    hasEvidence: params.hasEvidence || undefined,
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** A search, type and "Has evidence" narrow the journal; showing removed entries widens it. */
export function hasTimelineFilters(params: TimelineParams): boolean {
  return Boolean(params.search || params.type || params.hasEvidence);
}
