import { useState } from 'react';
import { SecurityActivitySection } from '../../../components/security-activity/security-activity-section';
import { useTeamMemberSecurityEvents } from '../api/get-team-member-security-events';

/** A team member's security activity, as an administrator reviews it. */
export function MemberSecurityActivity({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const query = useTeamMemberSecurityEvents(memberId, page);
  return (
    <SecurityActivitySection
      query={query}
      page={page}
      onPage={setPage}
      headingId="member-security-activity"
      description="Their sign-ins, sessions, passkeys and password changes, and what administrators changed of the account, newest first."
      emptyDescription="Their sign-ins and changes to their passkeys, password and account will appear here."
    />
  );
}
