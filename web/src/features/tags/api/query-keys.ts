/** Query keys of the tags feature. */
export const tagKeys = {
  all: ['tags'] as const,
  list: (params: object) => [...tagKeys.all, 'list', params] as const,
};
