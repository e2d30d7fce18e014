import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IdentifierInputBody, IdentifierItem } from './identifier-types';
import { identifierKeys } from './query-keys';

/** What creating sends: the input and, for a report entered on someone's behalf, their originator id. */
export interface CreateIdentifierInput extends IdentifierInputBody {
  onBehalfOfOriginatorId?: string;
}

/**
 * `POST /api/identifiers`. The server recomputes the display value; a duplicate answers 409. With
 * `onBehalfOfOriginatorId`, that originator originates it and the caller is its proxy.
 */
export function createIdentifier(body: CreateIdentifierInput): Promise<IdentifierItem> {
  return api.post<IdentifierItem>('/identifiers', body, { idempotent: true });
}

export function useCreateIdentifier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdentifier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identifierKeys.lists() }),
  });
}
