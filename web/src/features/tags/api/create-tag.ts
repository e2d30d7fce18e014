import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTagBody, Tag } from '@scamtrail/domain/tags';
import { api } from '../../../lib/api-client';
import { tagKeys } from './query-keys';

/** `POST /api/tags`: names are unique, case-insensitively. */
export function createTag(body: CreateTagBody): Promise<Tag> {
  return api.post<Tag>('/tags', body, { idempotent: true });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
