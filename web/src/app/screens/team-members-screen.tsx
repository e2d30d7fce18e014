import { CommunityMembersTab } from '../../features/community-members/components/community-members-tab';
import { TeamMembersRoute } from '../../features/team-members/routes/team-members-route';

/** /team-members: the team members' screen, its second tab the community members'. */
export function TeamMembersScreen() {
  return <TeamMembersRoute CommunityMembersTab={CommunityMembersTab} />;
}
