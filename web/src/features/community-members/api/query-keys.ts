/** Query keys of the community-members feature. */
export const communityMemberKeys = {
  all: ['community-members'] as const,
  list: (params: object) => [...communityMemberKeys.all, 'list', params] as const,
  history: (id: string, page: number) => [...communityMemberKeys.all, 'history', id, page] as const,
};
