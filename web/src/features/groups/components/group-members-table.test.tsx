import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupMember } from '@scamtrail/domain/groups';
import { GroupMembersTable } from './group-members-table';

const member: GroupMember = {
  userId: 'u1',
  originatorId: 'o1',
  firstName: 'Erin',
  lastName: 'Reports',
  fullName: 'Erin Reports',
  email: 'erin-reports@scam-watch.example.org',
  role: 'investigator',
  status: 'active',
  addedAt: '2026-11-30T01:25:00.000Z',
};

describe('GroupMembersTable', () => {
  it("breaks a member's e-mail after its @, never at its hyphen (as the team member list does)", () => {
    render(<GroupMembersTable members={[member]} />);
    const cell = screen.getByRole('cell', { name: member.email });
    expect(cell.textContent).toBe(member.email);
    expect(Array.from(cell.querySelectorAll('.email-text__whole'), (part) => part.textContent)).toEqual([
      'erin-reports@',
      'scam-watch',
    ]);
    expect(cell.querySelectorAll('wbr')).toHaveLength(3);
  });
});
