import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAutomationBody } from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { api } from '../../../lib/api-client';
import { ifMatchHeaders } from '../../../lib/edit-conflicts';
import { automationKeys } from './query-keys';

/**
 * `PATCH /api/automations/{id}`: `active: false` stops every key of the automation at once. Given
 * `base`, the version the change was made from, it is refused (412, see `editConflictOf`) when someone
 * else changed the automation since.
 */
export function updateAutomation({
  id,
  body,
  base,
}: {
  id: string;
  body: UpdateAutomationBody;
  base?: Originator;
}): Promise<Originator> {
  return api.patch<Originator>(`/automations/${encodeURIComponent(id)}`, body, {
    headers: base ? ifMatchHeaders(base) : undefined,
  });
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
