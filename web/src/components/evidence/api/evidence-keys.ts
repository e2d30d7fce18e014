/** Query keys of the evidence panel; `all` invalidates every list and detail at once. */
export const evidenceKeys = {
  all: ['evidence'] as const,
  lists: () => [...evidenceKeys.all, 'list'] as const,
  list: (params: object) => [...evidenceKeys.lists(), params] as const,
  detail: (id: string) => [...evidenceKeys.all, 'detail', id] as const,
  custody: (id: string, page: number) => [...evidenceKeys.all, 'custody', id, page] as const,
  tagOptions: () => [...evidenceKeys.all, 'tag-options'] as const,
  caseOptions: (search: string) => [...evidenceKeys.all, 'case-options', search] as const,
  caseRef: (id: string) => [...evidenceKeys.all, 'case', id] as const,
};
