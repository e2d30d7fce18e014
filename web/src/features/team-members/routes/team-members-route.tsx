import { Layer, Tab, TabList, TabPanel, TabPanels, Tabs } from '@carbon/react';
import type { ComponentType } from 'react';
import { hasPermission } from '@scamtrail/domain/permissions';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import '../components/team-members.scss';
import { TeamMembersTab } from '../components/team-members-tab';
import { sectionTrail } from '../../../app/breadcrumbs';
import '../../../styles/carbon/tabs.scss';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

const TABS = ['team', 'community'] as const;

/**
 * Team Members (/team-members, admin): people with accounts, and community members. The community tab
 * is the community-members feature's, given by the app (app/screens/team-members-screen.tsx).
 */
export function TeamMembersRoute({ CommunityMembersTab }: { CommunityMembersTab: ComponentType }) {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const canSeeCommunity = hasPermission(user?.permissions, 'community_member.view');
  // The tab is in the URL so a reload or a shared link opens the same tab.
  const selectedIndex = canSeeCommunity && searchParams.get('tab') === 'community' ? 1 : 0;

  return (
    <PageLayout
      breadcrumbs={sectionTrail('team-members')}
      title="Team Members"
      description="Who can sign in and with which role, and the community members whose reports your team records."
    >
      <Tabs
        selectedIndex={selectedIndex}
        onChange={({ selectedIndex: index }) =>
          setSearchParams(index === 0 ? {} : { tab: TABS[index] }, { replace: true })
        }
      >
        <TabList aria-label="Member kinds" contained>
          <Tab>Team members</Tab>
          <Tab disabled={!canSeeCommunity}>Community members</Tab>
        </TabList>
        {/* A contained tab's panel is a layer ($layer-01): its content is on the next one, so the search
            field and the filters take that layer's field colour instead of the panel's own grey. */}
        <TabPanels>
          <TabPanel className="team-members__panel">
            <Layer>
              <TeamMembersTab />
            </Layer>
          </TabPanel>
          <TabPanel className="team-members__panel">
            <Layer>{selectedIndex === 1 && <CommunityMembersTab />}</Layer>
          </TabPanel>
        </TabPanels>
      </Tabs>
    </PageLayout>
  );
}
