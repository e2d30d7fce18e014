import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  FILTER_VIEW,
  readableFilters,
  refusedFilterText,
  removedFiltersText,
  unreadableFilters,
} from './list-filter-access';

const TAG = '22222222-2222-4222-8222-222222222222';
const GROUP = '33333333-3333-4333-8333-333333333333';

describe('unreadableFilters and readableFilters', () => {
  const params = { search: 'wire', status: 'open', tagId: TAG, groupId: GROUP, page: 2 };

  it('name the filters whose records the reader may not view, and blank them only', () => {
    expect(unreadableFilters(params, ['case.view'])).toEqual(['tagId', 'groupId']);
    expect(unreadableFilters(params, ['case.view', 'tag.view'])).toEqual(['groupId']);
    expect(unreadableFilters(params, ['*'])).toEqual([]);
    expect(readableFilters(params, ['case.view', 'group.view'])).toEqual({ ...params, tagId: '' });
    // Nothing to drop: the same object, so a memo or a query key stays as it was.
    expect(readableFilters(params, ['tag.view', 'group.view'])).toBe(params);
  });

  it('leave an unset filter, and a value that names no record (the cases of no group)', () => {
    expect(unreadableFilters({ tagId: '', groupId: 'none' }, [])).toEqual([]);
  });
});

describe('what the reader is told', () => {
  it('names the kinds removed, once each', () => {
    expect(removedFiltersText(['tagId'])).toEqual({
      title: 'Filter removed',
      subtitle:
        'The link filtered this list by a tag, and you may not see tags: the list is shown without that filter.',
    });
    expect(removedFiltersText(['caseId', 'tagId']).subtitle).toBe(
      'The link filtered this list by a case and a tag, and you may not see cases or tags: the list is shown without those filters.',
    );
  });

  it('names the kind of a 403 the server gave for a filter, from its details, and nothing for another 403', () => {
    const message = 'Naming records in groupId needs group.view, to read records of their kind';
    const refused = new ApiError(403, 'FORBIDDEN', message, {
      fields: [{ field: 'groupId', message, permission: 'group.view' }],
    });
    expect(refusedFilterText(refused)).toBe(
      'You may not see groups, so this list cannot be filtered by a group. Clear the filters to see it.',
    );
    // The details decide, not the words of the message (which are for people, and may change).
    const reworded = new ApiError(403, 'FORBIDDEN', 'Filtering by tag needs tag.view', {
      fields: [{ field: 'tagId', message: 'Filtering by tag needs tag.view', permission: 'tag.view' }],
    });
    expect(refusedFilterText(reworded)).toBe(
      'You may not see tags, so this list cannot be filtered by a tag. Clear the filters to see it.',
    );
    expect(refusedFilterText(new ApiError(403, 'FORBIDDEN', message))).toBeNull();
    expect(refusedFilterText(new ApiError(403, 'FORBIDDEN', 'Forbidden'))).toBeNull();
    // A 403 naming a filter for another reason (not its kind's view permission) is not this one.
    const other = new ApiError(403, 'FORBIDDEN', 'x', { fields: [{ field: 'tagId', message: 'x' }] });
    expect(refusedFilterText(other)).toBeNull();
    expect(
      refusedFilterText(
        new ApiError(500, 'X', message, { fields: [{ field: 'tagId', message, permission: 'tag.view' }] }),
      ),
    ).toBeNull();
  });
});

/** The server's sources, read as text: the web cannot import them. */
const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../server/src');
function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? serverFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('FILTER_VIEW', () => {
  it('mirrors the server: each query parameter a route checks, with the permission it asks', () => {
    const access = readFileSync(join(SERVER, 'modules/auth/route-access.ts'), 'utf8');
    const table = access.match(/export const REFERENCE_VIEW = \{([\s\S]*?)\n\}/)![1];
    const serverView = Object.fromEntries(
      [...table.matchAll(/^\s*(\w+): '([\w.]+)'/gm)].map((match) => [match[1], match[2]]),
    );
    const inQuery = serverFiles(SERVER).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/namingInQuery\([\s\S]*?\[([^\]]*)\]\s*\)/g)].flatMap((match) =>
        [...match[1].matchAll(/'(\w+)'/g)].map((name) => name[1]),
      ),
    );
    expect(inQuery.length).toBeGreaterThan(0);
    expect([...new Set(inQuery)].filter((name) => !(name in FILTER_VIEW))).toEqual([]);
    for (const [key, view] of Object.entries(FILTER_VIEW)) {
      expect(view.permission, key).toBe(serverView[key]);
    }
  });
});
