/** Query keys of the team-members feature. */
export const teamMemberKeys = {
  all: ['team-members'] as const,
  lists: () => [...teamMemberKeys.all, 'list'] as const,
  list: (params: object) => [...teamMemberKeys.lists(), params] as const,
  detail: (id: string) => [...teamMemberKeys.all, 'detail', id] as const,
  securityEvents: (id: string, page: number) => [...teamMemberKeys.all, 'security-events', id, page] as const,
};
