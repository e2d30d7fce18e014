import {
  StructuredListBody,
  StructuredListCell,
  StructuredListRow,
  StructuredListWrapper,
  Tag,
} from '@carbon/react';
import { fullName } from '@scamtrail/domain/auth';
import { permissionLabels } from '@scamtrail/domain/permission-labels';
import { ROLE_LABELS, WILDCARD } from '@scamtrail/domain/permissions';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { PasskeysSection } from '../components/passkeys-section';
import '../components/profile.scss';
import { SessionsSection } from '../components/sessions-section';
import { OwnSecurityActivity } from '../components/security-activity';
import { paths } from '../../../lib/paths';
import '../../../styles/carbon/structured-list.scss';

/**
 * Profile (/profile): who the signed-in user is, how they sign in, where they are signed in, the
 * account's security activity, what they may do.
 */
export function ProfileRoute() {
  const { user } = useSession();
  if (!user) return null;
  const hasAllPermissions = user.permissions.includes(WILDCARD);
  // In words, a resource's actions together.
  const permissions = permissionLabels(user.permissions.filter((permission) => permission !== WILDCARD));

  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: paths.home() }]}
      title="Profile"
      description="Your account as Scamtrail knows it. Ask an administrator to change your name or role."
    >
      <section className="page-section" aria-labelledby="profile-account">
        <h2 id="profile-account" className="page-section__title">
          Account
        </h2>
        <StructuredListWrapper aria-label="Account details" isCondensed>
          <StructuredListBody>
            <StructuredListRow>
              <StructuredListCell noWrap>Name</StructuredListCell>
              <StructuredListCell>{fullName(user) || 'User'}</StructuredListCell>
            </StructuredListRow>
            <StructuredListRow>
              <StructuredListCell noWrap>Email</StructuredListCell>
              <StructuredListCell>{user.email || 'No email'}</StructuredListCell>
            </StructuredListRow>
            <StructuredListRow>
              <StructuredListCell noWrap>Role</StructuredListCell>
              <StructuredListCell>{ROLE_LABELS[user.role] ?? user.role}</StructuredListCell>
            </StructuredListRow>
          </StructuredListBody>
        </StructuredListWrapper>
      </section>
      <section className="page-section" aria-labelledby="profile-password">
        <h2 id="profile-password" className="page-section__title">
          Password
        </h2>
        <ChangePasswordForm />
      </section>
      <PasskeysSection />
      <SessionsSection />
      <OwnSecurityActivity />
      <section className="page-section" aria-labelledby="profile-permissions">
        <h2 id="profile-permissions" className="page-section__title">
          Permissions
        </h2>
        {hasAllPermissions && (
          <p className="page-section__text">Your role grants every permission, including any added later.</p>
        )}
        {permissions.length > 0 && (
          <ul className="tag-list" aria-label="Permissions">
            {permissions.map((label) => (
              <li key={label}>
                <Tag type="blue">{label}</Tag>
              </li>
            ))}
          </ul>
        )}
        {!hasAllPermissions && permissions.length === 0 && (
          <p className="page-section__text">Your account has no permissions yet.</p>
        )}
      </section>
    </PageLayout>
  );
}
