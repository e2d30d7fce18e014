import { Tag } from '@carbon/react';
import { Link } from 'react-router';
import type { TeamMemberDetail } from '@scamtrail/domain/team-members';
import { DescriptionList } from '../../../components/description-list';
import { formatDateTime } from '../../../lib/format';
import { roleLabel } from './role-options';
import { MemberStatusTag } from './status-tags';
import { paths } from '../../../lib/paths';

/** Who the member is, their role and status, and their groups. */
export function TeamMemberProfile({ member }: { member: TeamMemberDetail }) {
  return (
    <DescriptionList
      aria-label="Profile"
      items={[
        { label: 'Name', value: member.fullName },
        { label: 'Email', value: member.email },
        { label: 'Role', value: roleLabel(member.role) },
        { label: 'Status', value: <MemberStatusTag status={member.status} /> },
        {
          label: 'Groups',
          value:
            member.groups.length === 0 ? (
              'Not in any group'
            ) : (
              <span className="team-member-page__groups">
                {member.groups.map((group) => (
                  <Tag key={group.id} type="cool-gray" size="sm">
                    <Link className="team-member-page__group-link" to={paths.groupDetail(group.id)}>
                      {group.name}
                    </Link>
                  </Tag>
                ))}
              </span>
            ),
        },
        { label: 'Last sign-in', value: formatDateTime(member.lastLoginAt, 'Never') },
        { label: 'Member since', value: formatDateTime(member.createdAt) },
        { label: 'Last updated', value: formatDateTime(member.updatedAt) },
      ]}
    />
  );
}
