/** Query keys of the automations feature; `all` invalidates every list and detail at once. */
export const automationKeys = {
  all: ['automations'] as const,
  lists: () => [...automationKeys.all, 'list'] as const,
  list: (params: object) => [...automationKeys.lists(), params] as const,
  detail: (id: string) => [...automationKeys.all, 'detail', id] as const,
};
