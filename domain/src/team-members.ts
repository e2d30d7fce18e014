import { z } from 'zod';
import { NAME_MAX_LENGTH, roleSchema } from './auth';
import { teamMemberStatusSchema } from './originators';
import { nonEmptyPatch, requiredText } from './schema-helpers';

/** A team member as the administration screens see it: the user account and its originator. */
export const teamMemberSchema = z.object({
  /** The user id; `/api/team-members/{id}` takes it. */
  id: z.string().describe('User id'),
  originatorId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  /** "{First Last} (Team)". */
  displayName: z.string(),
  role: roleSchema,
  status: teamMemberStatusSchema,
  /** The latest successful sign-in; null until the first. */
  lastLoginAt: z.string().nullable().describe('Latest successful sign-in; null until the first'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberDetailSchema = teamMemberSchema.extend({
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The latest 10 journal entries the member originated, among the cases the caller may see. */
  recentJournalEntries: z.array(
    z.object({
      id: z.string(),
      caseId: z.string().nullable(),
      type: z.string(),
      description: z.string(),
      performedAt: z.string(),
      createdAt: z.string(),
      isNullified: z.boolean(),
    }),
  ),
  /** The latest 10 identifiers the member originated. */
  recentIdentifiers: z.array(
    z.object({ id: z.string(), type: z.string(), displayValue: z.string(), createdAt: z.string() }),
  ),
});
export type TeamMemberDetail = z.infer<typeof teamMemberDetailSchema>;

/** Names and role; disabling has its own endpoints. Changing the role signs the member out. */
export const updateTeamMemberBodySchema = nonEmptyPatch({
  firstName: requiredText('First name', NAME_MAX_LENGTH),
  lastName: requiredText('Last name', NAME_MAX_LENGTH),
  role: roleSchema,
});
export type UpdateTeamMemberBody = z.infer<typeof updateTeamMemberBodySchema>;
