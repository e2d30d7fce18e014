import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Passkey } from '@scamtrail/domain/passkeys';
import { api } from '../../../lib/api-client';
import { profileKeys } from './query-keys';

/** `GET /api/auth/passkeys`: the signed-in user's passkeys. */
export function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return api.get<Passkey[]>('/auth/passkeys', { signal });
}

export const passkeysQueryOptions = queryOptions({
  queryKey: profileKeys.passkeys(),
  queryFn: ({ signal }) => getPasskeys(signal),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}
