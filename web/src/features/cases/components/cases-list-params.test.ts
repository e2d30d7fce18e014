import { describe, expect, it } from 'vitest';
import {
  clearCaseFilters,
  hasCaseFilters,
  readCaseListParams,
  writeCaseListParams,
} from './cases-list-params';

const USER = '0b5c8f8e-3d5f-4c1a-9a51-6f0e6f2f8a11';
const url = (query: string) => new URLSearchParams(query);

describe('case list state in the URL', () => {
  it('reads the defaults from a plain /cases', () => {
    expect(readCaseListParams(url(''))).toEqual({
      search: '',
      status: '',
      priority: '',
      scamType: '',
      assigneeId: '',
      tagId: '',
      groupId: '',
      sort: 'updatedAt',
      direction: 'desc',
      page: 1,
      pageSize: 25,
    });
  });

  it('reads every filter, the sort and the page', () => {
    const params = readCaseListParams(
      url(
        `search=+wire+&status=in_progress&priority=high&scamType=romance&assigneeId=${USER}&tagId=${USER}` +
          `&groupId=${USER}` +
          '&sort=priority&direction=asc&page=3&pageSize=50',
      ),
    );
    expect(params).toEqual({
      search: 'wire',
      status: 'in_progress',
      priority: 'high',
      scamType: 'romance',
      assigneeId: USER,
      tagId: USER,
      groupId: USER,
      sort: 'priority',
      direction: 'asc',
      page: 3,
      pageSize: 50,
    });
    expect(hasCaseFilters(params)).toBe(true);
  });

  it('falls back to the default for anything unknown or malformed', () => {
    const params = readCaseListParams(
      url(
        'status=pending&priority=urgent&scamType=x&assigneeId=me&groupId=NONE&sort=title&direction=up&page=-2&pageSize=30',
      ),
    );
    expect(params).toMatchObject({
      status: '',
      priority: '',
      scamType: '',
      assigneeId: '',
      groupId: '',
      sort: 'updatedAt',
      direction: 'desc',
      page: 1,
      pageSize: 25,
    });
    expect(hasCaseFilters(params)).toBe(false);
  });

  it('goes back to page 1 when a filter, the search, the sort or the page size changes', () => {
    const onPage4 = url('page=4');
    expect(writeCaseListParams(onPage4, { status: 'open' }).toString()).toBe('status=open');
    expect(writeCaseListParams(onPage4, { search: 'crypto' }).toString()).toBe('search=crypto');
    expect(writeCaseListParams(onPage4, { sort: 'createdAt' }).toString()).toBe('sort=createdAt');
    expect(writeCaseListParams(onPage4, { pageSize: 100 }).toString()).toBe('pageSize=100');
  });

  it('keeps the page when nothing but the page changes, or a filter is set to what it was', () => {
    expect(writeCaseListParams(url('status=open'), { page: 2 }).toString()).toBe('status=open&page=2');
    expect(writeCaseListParams(url('status=open&page=2'), { status: 'open' }).toString()).toBe(
      'status=open&page=2',
    );
  });

  it('leaves defaults out of the URL and keeps parameters that are not list state', () => {
    const next = writeCaseListParams(url('other=1&status=open&direction=asc'), {
      status: '',
      direction: 'desc',
      sort: 'updatedAt',
    });
    expect(next.toString()).toBe('other=1');
  });

  it('clears the search and the filters but keeps the sort and the page size', () => {
    const next = clearCaseFilters(
      url(
        `search=x&status=closed&priority=low&assigneeId=${USER}&groupId=none&sort=priority&pageSize=50&page=3`,
      ),
    );
    expect(next.toString()).toBe('sort=priority&pageSize=50');
  });

  it('keeps a group, or no group, through the URL and back, and counts it as a filter', () => {
    const group = writeCaseListParams(url('page=3'), { groupId: USER });
    expect(group.toString()).toBe(`groupId=${USER}`);
    expect(readCaseListParams(group).groupId).toBe(USER);
    expect(hasCaseFilters(readCaseListParams(group))).toBe(true);
    const none = writeCaseListParams(group, { groupId: 'none' });
    expect(none.toString()).toBe('groupId=none');
    expect(readCaseListParams(none)).toMatchObject({ groupId: 'none', page: 1 });
    expect(hasCaseFilters(readCaseListParams(none))).toBe(true);
    expect(writeCaseListParams(none, { groupId: '' }).toString()).toBe('');
  });
});
