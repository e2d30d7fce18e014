import { automationKeys } from './query-keys';

/** Query keys of an automation's webhook: its state, and its delivery log by page. */
export const webhookKeys = {
  all: (id: string) => [...automationKeys.detail(id), 'webhook'] as const,
  state: (id: string) => [...webhookKeys.all(id), 'state'] as const,
  deliveries: (id: string, page: number) => [...webhookKeys.all(id), 'deliveries', page] as const,
};
