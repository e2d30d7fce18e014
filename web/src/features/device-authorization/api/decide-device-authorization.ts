import { useMutation } from '@tanstack/react-query';
import type { DeviceAuthorizationDecision } from '@scamtrail/domain/device-authorization';
import { api } from '../../../lib/api-client';

export type Decision = 'approve' | 'deny';

/** Approves or denies the device sign-in waiting with this code. */
export function decideDeviceAuthorization(input: {
  userCode: string;
  decision: Decision;
}): Promise<DeviceAuthorizationDecision> {
  return api.post<DeviceAuthorizationDecision>(
    `/oauth/device/${input.decision}`,
    { userCode: input.userCode },
    { silent: true },
  );
}

export function useDecideDeviceAuthorization() {
  return useMutation({ mutationFn: decideDeviceAuthorization });
}
