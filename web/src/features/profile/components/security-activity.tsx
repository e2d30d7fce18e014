import { useState } from 'react';
import { SecurityActivitySection } from '../../../components/security-activity/security-activity-section';
import { useOwnSecurityEvents } from '../api/get-security-events';

/** The signed-in user's own security activity. */
export function OwnSecurityActivity() {
  const [page, setPage] = useState(1);
  const query = useOwnSecurityEvents(page);
  return (
    <SecurityActivitySection
      query={query}
      page={page}
      onPage={setPage}
      headingId="profile-security-activity"
      description="Sign-ins, sessions, passkeys, password changes and what an administrator changed of your account, newest first. If you see something you did not do, change your password and revoke the sessions you do not recognise."
      emptyDescription="Your sign-ins and changes to your passkeys and password will appear here."
    />
  );
}
