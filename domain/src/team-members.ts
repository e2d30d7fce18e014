import { z } from 'zod';
import { responseText } from './text';
import { NAME_MAX_LENGTH, roleSchema } from './auth';
import { teamMemberStatusSchema } from './originators';
import { nonEmptyPatch, requiredText } from './schema-helpers';

/** A team member as the administration screens see it: the user account and its originator. */
export const teamMemberSchema = z
  .object({
    /** The user id; `/api/team-members/{id}` takes it. */
    id: responseText().describe('User id'),
    originatorId: responseText(),
    email: responseText(),
    firstName: responseText(),
    lastName: responseText(),
    fullName: responseText(),
    /** "{First Last} (Team)". */
    displayName: responseText(),
    role: roleSchema,
    status: teamMemberStatusSchema,
    /** The latest successful sign-in; null until the first. */
    lastLoginAt: responseText().nullable().describe('Latest successful sign-in; null until the first'),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberDetailSchema = teamMemberSchema
  .extend({
    groups: z.array(z.object({ id: responseText(), name: responseText() })),
    /** The latest 10 journal entries the member originated, among the cases the caller may see. */
    recentJournalEntries: z.array(
      z.object({
        id: responseText(),
        caseId: responseText().nullable(),
        type: responseText(),
        description: responseText(),
        performedAt: responseText(),
        createdAt: responseText(),
        isNullified: z.boolean(),
      }),
    ),
    /** The latest 10 identifiers the member originated. */
    recentIdentifiers: z.array(
      z.object({
        id: responseText(),
        type: responseText(),
        displayValue: responseText(),
        createdAt: responseText(),
      }),
    ),
  })
  .meta({ id: 'TeamMemberDetail' });
export type TeamMemberDetail = z.infer<typeof teamMemberDetailSchema>;

/** Names and role; disabling has its own endpoints. Changing the role signs the member out. */
export const updateTeamMemberBodySchema = nonEmptyPatch({
  firstName: requiredText('First name', NAME_MAX_LENGTH),
  lastName: requiredText('Last name', NAME_MAX_LENGTH),
  role: roleSchema,
});
export type UpdateTeamMemberBody = z.infer<typeof updateTeamMemberBodySchema>;
