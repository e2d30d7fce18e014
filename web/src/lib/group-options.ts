import type { Group } from '@scamtrail/domain/groups';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from './api-client';

/** A group as a picker offers it. */
export interface GroupOption {
  id: string;
  name: string;
}

const PAGE_SIZE = 100;
/** Enough for any team; a picker longer than this would need a search instead. */
const MAX_PAGES = 10;

/**
 * Every group the caller may list, by name, through `GET /api/groups` (group.view), for the pickers
 * that choose groups (a case's, an export stream's). Silent: a refusal is shown beside the picker
 * rather than as a toast.
 */
export async function getGroupOptions(signal?: AbortSignal): Promise<GroupOption[]> {
  const options: GroupOption[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get<{ data: Group[]; pagination: Pagination }>('/groups', {
      params: { page, pageSize: PAGE_SIZE },
      silent: true,
      signal,
    });
    options.push(...answer.data.map(({ id, name }) => ({ id, name })));
    if (page >= answer.pagination.totalPages) break;
  }
  return options.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
