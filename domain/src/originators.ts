import { z } from 'zod';
import { responseText } from './text';
import { emailSchema, roleSchema } from './auth';
import { pageQuery } from './pagination';
import {
  formatWholeNumber,
  nonEmptyPatch,
  optionalText,
  requiredText,
  searchQuerySchema,
  wholeNumber,
} from './schema-helpers';
import { ORIGINATOR_TYPES, TEAM_MEMBER_STATUSES } from './originator-labels';

export {
  ORIGINATOR_DISPLAY_SUFFIXES,
  ORIGINATOR_TYPE_LABELS,
  ORIGINATOR_TYPES,
  originatorDisplayName,
  originatorTypeLabel,
  reputationTagColor,
  TEAM_MEMBER_STATUS_LABELS,
  TEAM_MEMBER_STATUSES,
  teamMemberStatus,
  type OriginatorType,
  type ReputationColor,
  type TeamMemberStatus,
} from './originator-labels';

export const originatorTypeSchema = z.enum(ORIGINATOR_TYPES, {
  message: 'type must be one of team_member, community_member, automation',
});

/** The short form other records embed (identifier and journal-entry originators and proxies). */
export const originatorSummarySchema = z
  .object({
    id: responseText(),
    type: originatorTypeSchema,
    /** "First Last" for team members, the username for community members, the systemName for automations. */
    name: responseText().describe(
      'First Last (team member), username (community member) or systemName (automation)',
    ),
    /** The name with its type suffix, e.g. "Ada Lovelace (Team)". */
    displayName: responseText().describe('Name with its type suffix, e.g. "Ada Lovelace (Team)"'),
  })
  .meta({ id: 'OriginatorSummary' });
export type OriginatorSummary = z.infer<typeof originatorSummarySchema>;

export const teamMemberStatusSchema = z.enum(TEAM_MEMBER_STATUSES, {
  message: 'status must be invited, active or disabled',
});

export const ACTIVE_STATUSES = ['active', 'inactive'] as const;
export const activeStatusSchema = z.enum(ACTIVE_STATUSES, { message: 'status must be active or inactive' });

export const teamMemberInfoSchema = z.object({
  userId: responseText(),
  firstName: responseText(),
  lastName: responseText(),
  /** Only for callers holding team_member.view: staff e-mails and roles are not for every viewer. */
  email: responseText().optional(),
  /** Only for callers holding team_member.view. */
  role: roleSchema.optional(),
  status: teamMemberStatusSchema,
});

export const communityMemberInfoSchema = z.object({
  username: responseText(),
  email: responseText().nullable(),
  reputation: z.number().int(),
  notes: responseText().nullable(),
});

/**
 * One originator in full (spec 3). `teamMember` is set for team members, `communityMember` for
 * community members; the automation fields (systemName, description, webhookUrl, lastTriggered) are
 * null for the other kinds.
 */
export const originatorSchema = originatorSummarySchema
  .extend({
    /** False for disabled team members and deactivated community members and automations. */
    active: z.boolean().describe('False once disabled (team member) or deactivated'),
    teamMember: teamMemberInfoSchema.nullable(),
    communityMember: communityMemberInfoSchema.nullable(),
    systemName: responseText().nullable(),
    description: responseText().nullable(),
    webhookUrl: responseText()
      .nullable()
      .describe(
        'In full only for callers who may change the automation (automation.edit; a key: its own); ' +
          'others get its origin alone (scheme, host and port), as the path or query may hold a token',
      ),
    /** When one of the automation's API keys was last used. */
    lastTriggered: responseText().nullable().describe("Last use of one of the automation's API keys"),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'Originator' });
export type Originator = z.infer<typeof originatorSchema>;

/** GET /api/originators: search across the kinds the caller may see. */
export const originatorSearchQuerySchema = z.object({
  ...pageQuery(),
  search: searchQuerySchema,
  type: originatorTypeSchema.optional().describe('Only originators of this type'),
});

export const originatorLookupQuerySchema = z.object({
  type: originatorTypeSchema
    .optional()
    .describe('When given, the originator must be of this type (else 404)'),
});

export const teamMemberListQuerySchema = z.object({
  ...pageQuery(),
  search: searchQuerySchema,
  role: roleSchema.optional(),
  status: teamMemberStatusSchema.optional(),
});

export const originatorListQuerySchema = z.object({
  ...pageQuery(),
  search: searchQuerySchema,
  status: activeStatusSchema.optional(),
});

export const USERNAME_MAX_LENGTH = 100;
export const NOTES_MAX_LENGTH = 2000;
export const REPUTATION_LIMIT = 1_000_000;
export const REPUTATION_DELTA_LIMIT = 1000;

/** Messages name the fields by the labels of the forms: "Initial reputation" and "Change". */
const reputationSchema = wholeNumber('Initial reputation', -REPUTATION_LIMIT, REPUTATION_LIMIT);

/** Why an adjustment is refused when it would take the reputation past REPUTATION_LIMIT. */
export const REPUTATION_RANGE_MESSAGE = `Reputation must stay between ${formatWholeNumber(
  -REPUTATION_LIMIT,
)} and ${formatWholeNumber(REPUTATION_LIMIT)}`;

const communityFields = {
  username: requiredText('Username', USERNAME_MAX_LENGTH).describe('Unique, case-insensitively'),
  /** Optional; null clears it. */
  email: emailSchema.nullable(),
  notes: optionalText('Notes', NOTES_MAX_LENGTH).nullable(),
};

export const createCommunityMemberBodySchema = z.object({
  username: communityFields.username,
  email: communityFields.email.optional(),
  notes: communityFields.notes.optional(),
  reputation: reputationSchema.default(0),
});
export type CreateCommunityMemberBody = z.infer<typeof createCommunityMemberBodySchema>;

/** Reputation is changed only through the adjust endpoint, so every change has a reason on record. */
export const updateCommunityMemberBodySchema = nonEmptyPatch({
  ...communityFields,
  active: z.boolean().describe('false deactivates, true reactivates'),
});
export type UpdateCommunityMemberBody = z.infer<typeof updateCommunityMemberBodySchema>;

export const adjustReputationBodySchema = z.object({
  delta: wholeNumber('Change', -REPUTATION_DELTA_LIMIT, REPUTATION_DELTA_LIMIT)
    .refine((d) => d !== 0, 'Change must not be 0')
    .describe('Added to the reputation; negative to lower it'),
  reason: requiredText('Reason', 500),
});
export type AdjustReputationBody = z.infer<typeof adjustReputationBodySchema>;
