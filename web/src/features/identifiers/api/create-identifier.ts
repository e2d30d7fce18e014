import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildDisplayValue } from '@scamtrail/domain/identifiers/display';
import { api } from '../../../lib/api-client';
import type { IdentifierInputBody, IdentifierItem } from './identifier-types';
import { identifierKeys } from './query-keys';

/** What creating sends: the input and, for a report entered on someone's behalf, their originator id. */
export interface CreateIdentifierInput extends IdentifierInputBody {
  onBehalfOfOriginatorId?: string;
}

/**
 * `POST /api/identifiers` with spec 7's payload: the type, the data and the display value (which the
 * server recomputes and keeps its own of). A duplicate answers 409. With `onBehalfOfOriginatorId`,
 * that originator originates it and the caller is its proxy.
 */
export function createIdentifier(body: CreateIdentifierInput): Promise<IdentifierItem> {
  const displayValue = buildDisplayValue(body.type, body.data);
  return api.post<IdentifierItem>('/identifiers', { ...body, displayValue }, { idempotent: true });
}

export function useCreateIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdentifier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
  });
}
