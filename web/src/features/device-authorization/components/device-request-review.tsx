import { Button, InlineLoading, InlineNotification, Stack } from '@carbon/react';
import type { DeviceAuthorizationRequest } from '@scamtrail/domain/device-authorization';
import { permissionLabels } from '@scamtrail/domain/permission-labels';
import { DescriptionList } from '../../../components/description-list';
import { formatDateTime } from '../../../lib/format';
import type { Decision } from '../api/decide-device-authorization';
import { describeDeviceError } from './device-error';

interface DeviceRequestReviewProps {
  request: DeviceAuthorizationRequest;
  pending: Decision | null;
  error: unknown;
  onDecide: (decision: Decision) => void;
  onCancel: () => void;
}

/** Which client asks, for which permissions, from where and when; and the user's answer. */
export function DeviceRequestReview({
  request,
  pending,
  error,
  onDecide,
  onCancel,
}: DeviceRequestReviewProps) {
  const failure = error ? describeDeviceError(error) : null;
  const labels = permissionLabels(request.permissions);
  return (
    <Stack gap={6} className="device-review">
      <p className="auth-page__text device-review__lead">
        <strong>{request.clientName}</strong> asks to act as you. Approve only if you started this sign-in
        yourself and your device shows the code <strong>{request.userCode}</strong>.
      </p>
      <DescriptionList
        aria-label="Sign-in request"
        items={[
          { label: 'Client', value: `${request.clientName} (${request.clientId})` },
          {
            label: 'Permissions',
            value: request.allPermissions ? (
              `All of your permissions (${labels.length})`
            ) : labels.length === 0 ? (
              'None of the permissions it asked for are yours'
            ) : (
              <ul className="device-review__permissions">
                {labels.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            ),
          },
          {
            label: 'Requested from',
            value: [request.ip ?? 'Unknown address', request.userAgent].filter(Boolean).join(', '),
          },
          { label: 'Requested at', value: formatDateTime(request.requestedAt) },
          { label: 'Code expires at', value: formatDateTime(request.expiresAt) },
        ]}
      />
      {failure && (
        <InlineNotification
          kind="error"
          title={failure.title}
          subtitle={failure.subtitle}
          lowContrast
          hideCloseButton
        />
      )}
      <Button
        className="device-review__action"
        disabled={pending !== null}
        onClick={() => onDecide('approve')}
      >
        {pending === 'approve' ? <InlineLoading description="Approving..." /> : 'Approve'}
      </Button>
      <Button
        kind="danger--tertiary"
        className="device-review__action"
        disabled={pending !== null}
        onClick={() => onDecide('deny')}
      >
        {pending === 'deny' ? <InlineLoading description="Denying..." /> : 'Deny'}
      </Button>
      <Button kind="ghost" disabled={pending !== null} onClick={onCancel}>
        Enter another code
      </Button>
    </Stack>
  );
}
