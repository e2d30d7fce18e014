import {
  StructuredListBody,
  StructuredListCell,
  StructuredListRow,
  StructuredListWrapper,
  Tag,
  Tile,
} from '@carbon/react';
import { PageLayout } from '../../../components/page-layout';
import { SAMPLE_USERS } from '../components/sample-users';
import { StatusTag } from '../components/status-tag';
import { paths } from '../../../lib/paths';
import '../../../styles/carbon/structured-list.scss';
import '../../../components/tile-grid.scss';

const ACTIVITY = [
  { id: 1, what: 'Added 3 identifiers to case 2025-0142', when: '2025-06-30' },
  { id: 2, what: 'Signed journal entry "Call with victim\'s bank"', when: '2025-06-29' },
  { id: 3, what: 'Uploaded evidence "wire-transfer-receipt.pdf"', when: '2025-06-27' },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Profile Test (/profile-test): the profile layout filled with a generated sample user. */
export function ProfileTestRoute() {
  const user = SAMPLE_USERS[0];
  return (
    <PageLayout
      breadcrumbs={[
        { label: 'Home', to: paths.home() },
        { label: 'Components', to: paths.components() },
      ]}
      title="Profile Test"
      description="A profile page rendered with generated sample data; nothing here comes from the server."
    >
      <div className="profile-test">
        <div>
          <Tile className="profile-card">
            <div className="profile-card__avatar" aria-hidden>
              {initials(user.name)}
            </div>
            <h2 className="profile-card__name">{user.name}</h2>
            <p className="profile-card__meta">{user.role}</p>
            <p className="profile-card__meta">{user.department}</p>
            <StatusTag status={user.status} />
          </Tile>
        </div>
        <div>
          <section className="page-section" aria-labelledby="profile-test-details">
            <h2 id="profile-test-details" className="page-section__title">
              Details
            </h2>
            <StructuredListWrapper aria-label="Sample user details" isCondensed>
              <StructuredListBody>
                {[
                  ['Email', user.email],
                  ['Role', user.role],
                  ['Department', user.department],
                  ['Last login', user.lastLogin],
                ].map(([label, value]) => (
                  <StructuredListRow key={label}>
                    <StructuredListCell noWrap>{label}</StructuredListCell>
                    <StructuredListCell>{value}</StructuredListCell>
                  </StructuredListRow>
                ))}
              </StructuredListBody>
            </StructuredListWrapper>
          </section>
          <section className="page-section" aria-labelledby="profile-test-activity">
            <h2 id="profile-test-activity" className="page-section__title">
              Recent activity
            </h2>
            <ul className="activity-list">
              {ACTIVITY.map((item) => (
                <li key={item.id} className="activity-list__item">
                  <span>{item.what}</span>
                  <Tag type="cool-gray" size="sm">
                    {item.when}
                  </Tag>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </PageLayout>
  );
}
