import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAutomationBody } from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

/** `POST /api/automations`: the server refuses webhook URLs aimed at private networks. */
export function createAutomation(body: CreateAutomationBody): Promise<Originator> {
  return api.post<Originator>('/automations', body, { idempotent: true });
}

export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.lists() }),
  });
}
