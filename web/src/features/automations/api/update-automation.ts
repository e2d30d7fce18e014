import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAutomationBody } from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { automationKeys } from './query-keys';

/** `PATCH /api/automations/{id}`: `active: false` stops every key of the automation at once. */
export function updateAutomation({
  id,
  body,
}: {
  id: string;
  body: UpdateAutomationBody;
}): Promise<Originator> {
  return api.patch<Originator>(`/automations/${encodeURIComponent(id)}`, body);
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
