import {
  StructuredListBody,
  StructuredListCell,
  StructuredListHead,
  StructuredListRow,
  StructuredListWrapper,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Tile,
} from '@carbon/react';
import { PageLayout } from '../../../components/page-layout';
import { SAMPLE_CARDS, SAMPLE_LIST_ITEMS, SAMPLE_USERS } from '../components/sample-users';
import { SampleUsersTable } from '../components/sample-users-table';
import { StatusTag } from '../components/status-tag';
import { paths } from '../../../lib/paths';
import '../../../components/tile-grid.scss';
import '../../../styles/carbon/structured-list.scss';
import '../../../styles/carbon/tabs.scss';
import '../components/tabs-panel.scss';

/** Data Tables (/tables): three ways of showing the same generated users (spec 2.5). */
export function TablesRoute() {
  return (
    <PageLayout
      breadcrumbs={[
        { label: 'Home', to: paths.home() },
        { label: 'Components', to: paths.components() },
      ]}
      title="Data Tables"
      description={`${SAMPLE_USERS.length} generated sample users shown as a data table, a structured list and a card grid.`}
    >
      <Tabs>
        <TabList aria-label="Views of the sample users">
          <Tab>Data Table</Tab>
          <Tab>Structured List</Tab>
          <Tab>Card Grid</Tab>
        </TabList>
        <TabPanels>
          <TabPanel className="tabs-panel">
            <SampleUsersTable users={SAMPLE_USERS} />
          </TabPanel>
          <TabPanel className="tabs-panel">
            <StructuredListWrapper aria-label="Sample users">
              <StructuredListHead>
                <StructuredListRow head>
                  <StructuredListCell head>Name</StructuredListCell>
                  <StructuredListCell head>Role</StructuredListCell>
                  <StructuredListCell head>Department</StructuredListCell>
                  <StructuredListCell head>Status</StructuredListCell>
                </StructuredListRow>
              </StructuredListHead>
              <StructuredListBody>
                {SAMPLE_USERS.slice(0, SAMPLE_LIST_ITEMS).map((user) => (
                  <StructuredListRow key={user.id}>
                    <StructuredListCell noWrap>{user.name}</StructuredListCell>
                    <StructuredListCell>{user.role}</StructuredListCell>
                    <StructuredListCell>{user.department}</StructuredListCell>
                    <StructuredListCell>
                      <StatusTag status={user.status} />
                    </StructuredListCell>
                  </StructuredListRow>
                ))}
              </StructuredListBody>
            </StructuredListWrapper>
          </TabPanel>
          <TabPanel className="tabs-panel">
            <ul className="tile-grid" aria-label="Sample user cards">
              {SAMPLE_USERS.slice(0, SAMPLE_CARDS).map((user) => (
                <li key={user.id}>
                  <Tile className="user-card">
                    <h3 className="user-card__name">{user.name}</h3>
                    <p className="user-card__meta">{user.role}</p>
                    <p className="user-card__meta">{user.department}</p>
                    <p className="user-card__meta">{user.email}</p>
                    <StatusTag status={user.status} />
                  </Tile>
                </li>
              ))}
            </ul>
          </TabPanel>
        </TabPanels>
      </Tabs>
    </PageLayout>
  );
}
