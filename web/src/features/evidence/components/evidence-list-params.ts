import { EVIDENCE_KINDS, type EvidenceKind } from '@scamtrail/domain/evidence';
import { LIST_PAGE_SIZES, pageFromUrl } from '@scamtrail/domain/page-sizes';

/** The evidence list's state: filters ('' when unset), page and page size. */
export interface EvidenceListParams {
  search: string;
  caseId: string;
  tagId: string;
  kind: EvidenceKind | '';
  page: number;
  pageSize: number;
}

export type EvidenceParamName = keyof EvidenceListParams | 'open';

const DEFAULT_PAGE_SIZE = LIST_PAGE_SIZES[0];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The URL parameter of a piece of state. On /evidence the names are plain (`?kind=audio&page=2`); inside
 * a case they carry a prefix (`?evidenceKind=audio`) so they cannot clash with the case page's own.
 */
export function paramName(prefix: string, name: EvidenceParamName): string {
  return prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name;
}

/** Reads the list state; anything unknown or malformed falls back to its default. */
export function readEvidenceParams(search: URLSearchParams, prefix: string): EvidenceListParams {
  const get = (name: EvidenceParamName) => search.get(paramName(prefix, name));
  const kind = get('kind') ?? '';
  const id = (value: string | null) => (value && UUID.test(value) ? value : '');
  return {
    search: (get('search') ?? '').trim(),
    caseId: id(get('caseId')),
    tagId: id(get('tagId')),
    kind: (EVIDENCE_KINDS as readonly string[]).includes(kind) ? (kind as EvidenceKind) : '',
    ...pageFromUrl(get('page'), get('pageSize')),
  };
}

/**
 * The URL after a change of list state. A filter or page-size change goes back to page 1; defaults are
 * left out; parameters that are not this list's are kept.
 */
export function writeEvidenceParams(
  current: URLSearchParams,
  prefix: string,
  changes: Partial<EvidenceListParams>,
): URLSearchParams {
  const previous = readEvidenceParams(current, prefix);
  const next = { ...previous, ...changes };
  const resets = (['search', 'caseId', 'tagId', 'kind', 'pageSize'] as const).some(
    (key) => changes[key] !== undefined && changes[key] !== previous[key],
  );
  if (resets && changes.page === undefined) next.page = 1;

  const params = new URLSearchParams(current);
  const set = (name: EvidenceParamName, value: string, isDefault: boolean) => {
    if (isDefault) params.delete(paramName(prefix, name));
    else params.set(paramName(prefix, name), value);
  };
  set('search', next.search.trim(), next.search.trim() === '');
  set('caseId', next.caseId, next.caseId === '');
  set('tagId', next.tagId, next.tagId === '');
  set('kind', next.kind, next.kind === '');
  set('page', String(next.page), next.page === 1);
  set('pageSize', String(next.pageSize), next.pageSize === DEFAULT_PAGE_SIZE);
  return params;
}

export function hasEvidenceFilters(params: EvidenceListParams): boolean {
  return Boolean(params.search || params.caseId || params.tagId || params.kind);
}
