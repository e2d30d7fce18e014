import { useEffect, useMemo, useRef, useState } from 'react';
import { CASE_NO_GROUP } from '@scamtrail/domain/case-labels';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { isApiError } from './api-error';
import { useSession } from './session';

interface FilterView {
  /** The view permission of the kind of record the filter names. */
  permission: Permission;
  /** The kind, in the plural: "tags". */
  kinds: string;
  /** One record of the kind: "a tag". */
  one: string;
  /** Values that name no record (`groupId=none`, the cases of no group): usable by every reader. */
  namesNoRecord?: readonly string[];
}

/**
 * The list filters (query parameters) that name records, each with the view permission of the kind it
 * names: the web's one table of them, as every list's state names its filters (cases, evidence...).
 * It mirrors the server's REFERENCE_VIEW (server/src/modules/auth/route-access.ts), which refuses
 * with 403 a list query that names records of a kind the reader may not view; list-filter-access.test.ts
 * fails when the two differ, or when a list route of the server names a parameter missing here.
 */
export const FILTER_VIEW = {
  caseId: { permission: 'case.view', kinds: 'cases', one: 'a case' },
  tagId: { permission: 'tag.view', kinds: 'tags', one: 'a tag' },
  tag: { permission: 'tag.view', kinds: 'tags', one: 'a tag' },
  groupId: {
    permission: 'group.view',
    kinds: 'groups',
    one: 'a group',
    namesNoRecord: [CASE_NO_GROUP],
  },
} as const satisfies Record<string, FilterView>;

export type FilterKey = keyof typeof FILTER_VIEW;

const viewOf = (key: string): FilterView | undefined =>
  Object.hasOwn(FILTER_VIEW, key) ? FILTER_VIEW[key as FilterKey] : undefined;

/** The filters of `params` that name records of a kind the holder of `permissions` may not view. */
export function unreadableFilters(params: object, permissions: readonly string[] | undefined): FilterKey[] {
  return Object.entries(params).flatMap(([key, value]) => {
    const view = viewOf(key);
    if (!view || typeof value !== 'string' || value === '') return [];
    if (view.namesNoRecord?.includes(value) || hasPermission(permissions, view.permission)) return [];
    return [key as FilterKey];
  });
}

/** `params` without the filters the holder of `permissions` may not use (set to ''). */
export function readableFilters<P extends object>(params: P, permissions: readonly string[] | undefined): P {
  const refused = unreadableFilters(params, permissions);
  if (refused.length === 0) return params;
  return { ...params, ...Object.fromEntries(refused.map((key) => [key, ''])) };
}

/** "a tag and a group", "tags or groups": the kinds named once each, in the table's order. */
function kindsText(keys: readonly FilterKey[], pick: 'one' | 'kinds', joiner: string): string {
  const words = [...new Set(keys.map((key) => FILTER_VIEW[key][pick]))];
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}`;
}

/** What the notification says of filters removed before the list was asked for. */
export function removedFiltersText(keys: readonly FilterKey[]): { title: string; subtitle: string } {
  const several = new Set(keys.map((key) => FILTER_VIEW[key].one)).size > 1;
  return {
    title: several ? 'Filters removed' : 'Filter removed',
    subtitle:
      `The link filtered this list by ${kindsText(keys, 'one', 'and')}, and you may not see ` +
      `${kindsText(keys, 'kinds', 'or')}: the list is shown without ${several ? 'those filters' : 'that filter'}.`,
  };
}

/**
 * Why the server refused a list (403) when that was for a filter the reader may not use (their
 * permissions changed since the page loaded): a sentence naming the kind, else null. The server names
 * the parameter and the permission it needs in `details.fields` (`{ field: 'tagId', permission:
 * 'tag.view', message }`); the message is for people and is not read.
 */
export function refusedFilterText(error: unknown): string | null {
  // eslint-disable-next-line no-restricted-syntax -- reads which filter was refused, not whether it was said.
  if (!isApiError(error) || error.status !== 403) return null;
  const key = (error.details?.fields ?? [])
    .map(({ field, permission }) => {
      const view = viewOf(field);
      return view && view.permission === permission ? (field as FilterKey) : undefined;
    })
    .find((name) => name !== undefined);
  if (!key) return null;
  const { kinds, one } = FILTER_VIEW[key];
  return `You may not see ${kinds}, so this list cannot be filtered by ${one}. Clear the filters to see it.`;
}

/**
 * A list's filters as the reader may use them: a filter naming records of a kind they may not view
 * (from a link, or the address bar) is dropped from `params` at once, so the list is never asked for
 * it, then from the URL (`remove`, which writes with replace); `removed` names the filters dropped, for
 * a notification (RemovedFiltersNotice) until `dismissRemoved`. Before the session is known nothing
 * is dropped.
 */
export function useReadableFilters<P extends object>(params: P, remove: (changes: Partial<P>) => void) {
  const { user } = useSession();
  const refused = user ? unreadableFilters(params, user.permissions) : [];
  const [removed, setRemoved] = useState<FilterKey[]>([]);
  const removeRef = useRef(remove);
  useEffect(() => {
    removeRef.current = remove;
  });
  const refusedKeys = refused.join(',');
  useEffect(() => {
    if (!refusedKeys) return;
    const keys = refusedKeys.split(',') as FilterKey[];
    removeRef.current(Object.fromEntries(keys.map((key) => [key, ''])) as Partial<P>);
    setRemoved((before) => [...new Set([...before, ...keys])]);
  }, [refusedKeys]);
  const permissions = user?.permissions;
  const readable = useMemo(
    () => (user && refusedKeys ? readableFilters(params, permissions) : params),
    [params, refusedKeys, permissions, user],
  );
  return { params: readable, removed, dismissRemoved: () => setRemoved([]) };
}
