/** Query keys of the export streams feature; `all` invalidates every list and preview at once. */
export const exportStreamKeys = {
  all: ['export-streams'] as const,
  list: (params: object) => [...exportStreamKeys.all, 'list', params] as const,
  preview: (id: string) => [...exportStreamKeys.all, 'preview', id] as const,
  groupOptions: () => [...exportStreamKeys.all, 'group-options'] as const,
};
