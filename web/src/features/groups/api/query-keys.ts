/** Query keys of the groups feature. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (params: object) => [...groupKeys.lists(), params] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
  memberOptions: () => [...groupKeys.all, 'member-options'] as const,
};
