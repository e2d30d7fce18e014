import { Tag } from '@carbon/react';
import type { ApiKeyStatus } from '@scamtrail/domain/automations';

const STATUS = {
  active: { type: 'green', text: 'Active' },
  expired: { type: 'warm-gray', text: 'Expired' },
  revoked: { type: 'red', text: 'Revoked' },
} as const;

export function ApiKeyStatusTag({ status }: { status: ApiKeyStatus }) {
  return (
    <Tag type={STATUS[status].type} size="sm">
      {STATUS[status].text}
    </Tag>
  );
}
