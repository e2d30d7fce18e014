import { z } from 'zod';
import { responseText } from './text';
import { roleSchema } from './auth';
import { teamMemberStatusSchema } from './originators';
import { WILDCARD } from './permissions';
import { pageQuery } from './pagination';
import { nonEmptyPatch, optionalText, requiredText, searchQuerySchema, uuidSchema } from './schema-helpers';

export const GROUP_NAME_MAX_LENGTH = 100;
export const GROUP_MEMBERS_MAX = 1000;

/**
 * A named set of team members. Cases assigned to a group are visible only to its members (and to
 * administrators); cases with no group are visible to everyone who may view cases.
 */
export const groupSchema = z
  .object({
    id: responseText(),
    name: responseText(),
    description: responseText(),
    memberCount: z.number().int(),
    /** Cases assigned to the group that the caller may see; absent without case.view. */
    caseCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Cases assigned to the group that the caller may see; absent when the caller does not hold case.view',
      ),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

export const groupMemberSchema = z
  .object({
    userId: responseText(),
    originatorId: responseText(),
    firstName: responseText(),
    lastName: responseText(),
    fullName: responseText(),
    /** Only for callers holding team_member.view: staff e-mails and roles are not for every viewer. */
    email: responseText().optional(),
    /** Only for callers holding team_member.view. */
    role: roleSchema.optional(),
    status: teamMemberStatusSchema,
    addedAt: responseText(),
  })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSchema
  .extend({ members: z.array(groupMemberSchema) })
  .meta({ id: 'GroupDetail' });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupListQuerySchema = z.object({ ...pageQuery(), search: searchQuerySchema });

const userIdsSchema = z
  .array(uuidSchema('Each user id'))
  .max(GROUP_MEMBERS_MAX, `At most ${GROUP_MEMBERS_MAX} members`)
  .describe('User ids of the members');

export const createGroupBodySchema = z.object({
  name: requiredText('Name', GROUP_NAME_MAX_LENGTH).describe('Unique, case-insensitively'),
  description: optionalText('Description').default(''),
  /** Initial members; a non-administrator creating a group is added to it automatically. */
  userIds: userIdsSchema.default([]),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

export const updateGroupBodySchema = nonEmptyPatch({
  name: requiredText('Name', GROUP_NAME_MAX_LENGTH),
  description: optionalText('Description'),
});
export type UpdateGroupBody = z.infer<typeof updateGroupBodySchema>;

/** Replaces the whole member list. */
export const setGroupMembersBodySchema = z.object({ userIds: userIdsSchema });
export type SetGroupMembersBody = z.infer<typeof setGroupMembersBodySchema>;

export const addGroupMemberBodySchema = z.object({ userId: uuidSchema('userId') });

/**
 * Whether a user may change a group (edit, delete, add or remove members): administrators (who hold
 * every permission) and the group's own members, given the matching group permission. Membership
 * decides which cases a person sees, so nobody else may join or empty a group. The server holds the
 * same rule (`server/src/modules/groups/group-access.ts`); the web only mirrors it.
 */
export function canManageGroup(
  user: { id: string; permissions: readonly string[] } | null,
  members: readonly { userId: string }[],
): boolean {
  if (!user) return false;
  return user.permissions.includes(WILDCARD) || members.some((member) => member.userId === user.id);
}
