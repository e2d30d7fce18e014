import { Button } from '@carbon/react';
import { Edit, User } from '@carbon/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { hasPermission } from '@scamtrail/domain/permissions';
import { DetailQueryState } from '../../../components/detail-query-state';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useTeamMember } from '../api/get-team-member';
import { DisableMemberModal } from '../components/disable-member-modal';
import { EditMemberModal } from '../components/edit-member-modal';
import { MemberSecurityActivity } from '../components/member-security-activity';
import { RecentIdentifiers, RecentJournalEntries } from '../components/recent-activity';
import { TeamMemberProfile } from '../components/team-member-profile';
import { paths } from '../../../lib/paths';
import { listTrail } from '../../../app/breadcrumbs';
import '../components/team-members.scss';

const BREADCRUMBS = listTrail('team-members');

/**
 * Team Member Detail (/team-members/{id}, admin): profile, role, status, groups, recent work and
 * security activity.
 */
export function TeamMemberDetailRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useTeamMember(id);
  const [dialog, setDialog] = useState<'edit' | 'status' | null>(null);

  if (!query.isSuccess) {
    return (
      <DetailQueryState
        query={query}
        breadcrumbs={BREADCRUMBS}
        title="Team member"
        icon={User}
        noun="team member"
        notFoundDescription="The link may be wrong."
        back={{ to: paths.teamMembers(), label: 'Back to team members' }}
      />
    );
  }

  const member = query.data;
  const isSelf = member.id === user?.id;
  const isDisabled = member.status === 'disabled';
  return (
    <PageLayout
      breadcrumbs={BREADCRUMBS}
      title={member.fullName}
      description={member.email}
      actions={
        <>
          <Button kind="tertiary" renderIcon={Edit} onClick={() => setDialog('edit')}>
            Edit member
          </Button>
          {!isSelf && (
            <Button kind={isDisabled ? 'tertiary' : 'danger--tertiary'} onClick={() => setDialog('status')}>
              {isDisabled ? 'Enable' : 'Disable'}
            </Button>
          )}
        </>
      }
    >
      <section className="page-section" aria-labelledby="member-profile">
        <h2 id="member-profile" className="page-section__title">
          Profile
        </h2>
        <TeamMemberProfile member={member} />
      </section>
      <section className="page-section" aria-label="Recent journal entries">
        <RecentJournalEntries entries={member.recentJournalEntries} />
      </section>
      <section className="page-section" aria-label="Recent identifiers">
        <RecentIdentifiers identifiers={member.recentIdentifiers} />
      </section>
      {/* Where and how someone signs in is for those who manage accounts. */}
      {hasPermission(user?.permissions, 'team_member.edit') && (
        <MemberSecurityActivity memberId={member.id} />
      )}
      {dialog === 'edit' && <EditMemberModal member={member} mode="all" onClose={() => setDialog(null)} />}
      {dialog === 'status' && <DisableMemberModal member={member} onClose={() => setDialog(null)} />}
    </PageLayout>
  );
}
