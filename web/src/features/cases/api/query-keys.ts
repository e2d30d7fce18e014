/**
 * Query keys of the cases feature. `all` refreshes everything about cases at once; a case's own
 * resources (its journal, evidence, history) go under `detail(id)`, so refreshing a case refreshes them.
 */
export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (params: object) => [...caseKeys.lists(), params] as const,
  detail: (id: string) => [...caseKeys.all, 'detail', id] as const,
  /** Users a case may be assigned to, by search text. */
  assignableUsers: (search: string) => [...caseKeys.all, 'assignable-users', search] as const,
  /** The groups a case may be put in. */
  groupOptions: () => [...caseKeys.all, 'group-options'] as const,
  /** Every tag, to pick a case's tags from and to filter the list. */
};
