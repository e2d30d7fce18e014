import { useQuery } from '@tanstack/react-query';
import type { IdentifierSettings } from '@scamtrail/domain/identifiers/api';
import { DEFAULT_PHONE_REGION } from '@scamtrail/domain/identifiers/phone';
import { api } from './api-client';

/**
 * `GET /api/identifiers/settings`: how this server reads identifiers. It changes only with a restart,
 * so it is asked once. Shared: the identifier forms and the journal entry dialog both read numbers.
 */
export function useIdentifierSettings(enabled = true) {
  return useQuery({
    queryKey: ['identifiers', 'settings'],
    queryFn: ({ signal }) => api.get<IdentifierSettings>('/identifiers/settings', { signal, silent: true }),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * The region phone numbers written without a country code are read in: the server's
 * `DEFAULT_PHONE_REGION`, or spec 5's United States until it has answered (or when it cannot).
 */
export function useDefaultPhoneRegion(enabled = true): string {
  return useIdentifierSettings(enabled).data?.defaultPhoneRegion ?? DEFAULT_PHONE_REGION;
}
