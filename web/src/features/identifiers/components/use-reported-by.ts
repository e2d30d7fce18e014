import { useState } from 'react';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useSession } from '../../../lib/session';
import type { CreateIdentifierInput } from '../api/create-identifier';
import type { IdentifierInputBody } from '../api/identifier-types';
import type { ReportedByField } from './identifier-form';

/**
 * "Reported by" on the create form: the field (offered to users who may list community members, as
 * the picker does), and the body to send, naming the chosen member; none chosen, the body as it is.
 */
export function useReportedBy() {
  const { user } = useSession();
  const [value, setValue] = useState<OriginatorSummary | null>(null);
  const field: ReportedByField | undefined = hasPermission(user?.permissions, 'community_member.view')
    ? { value, onChange: setValue }
    : undefined;
  const withReportedBy = (body: IdentifierInputBody): CreateIdentifierInput =>
    value ? { ...body, onBehalfOfOriginatorId: value.id } : body;
  return { field, withReportedBy };
}
