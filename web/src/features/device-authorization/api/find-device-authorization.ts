import { useMutation } from '@tanstack/react-query';
import type { DeviceAuthorizationRequest } from '@scamtrail/domain/device-authorization';
import { api } from '../../../lib/api-client';

/** The device sign-in waiting with this code. 400, 404 and 429 are answers for the page, not global. */
export function findDeviceAuthorization(userCode: string): Promise<DeviceAuthorizationRequest> {
  return api.post<DeviceAuthorizationRequest>('/oauth/device/lookup', { userCode }, { silent: true });
}

export function useFindDeviceAuthorization() {
  return useMutation({ mutationFn: findDeviceAuthorization });
}
