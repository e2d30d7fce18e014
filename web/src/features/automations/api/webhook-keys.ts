import { automationKeys } from './query-keys';

/** Query keys of an automation's webhook: its state, its deliveries and their attempts by page. */
export const webhookKeys = {
  all: (id: string) => [...automationKeys.detail(id), 'webhook'] as const,
  state: (id: string) => [...webhookKeys.all(id), 'state'] as const,
  deliveries: (id: string, page: number) => [...webhookKeys.all(id), 'deliveries', page] as const,
  attempts: (id: string, page: number) => [...webhookKeys.all(id), 'attempts', page] as const,
};
