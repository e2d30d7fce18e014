import type { FastifyInstance } from 'fastify';
import { createUserBodySchema } from '@scamtrail/domain/auth';
import { teamMemberListQuerySchema } from '@scamtrail/domain/originators';
import { toPagination } from '@scamtrail/domain/pagination';
import { hasPermission } from '@scamtrail/domain/permissions';
import { updateTeamMemberBodySchema } from '@scamtrail/domain/team-members';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal, UserPrincipal } from '../auth/principal';
import { registerOriginatorKindRoutes } from '../originators/originator-kind.routes';
import { requireOriginatorRow, toOriginator } from '../originators/originators.service';
import {
  changeTeamMember,
  inviteTeamMember,
  listTeamMemberRows,
  userIdOfOriginator,
} from './team-members.service';

/** Roles are told only to team_member.view: a filter by role would tell them to others. */
export const ROLE_FILTER_MESSAGE = 'Filtering by role needs team_member.view, to read roles';

function asUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw AppError.forbidden('This action needs a signed-in user');
  return principal;
}

/**
 * Team members as originators (spec 7): `{id}` is the originator id. Listing needs only
 * originator.view (badges and pickers); inviting and changing need team-member administration.
 */
export async function teamMemberOriginatorsRoutes(
  app: FastifyInstance,
  opts: { db: Db; limits: { deviceSessionIdleMs: number } },
) {
  const { db, limits } = opts;
  registerOriginatorKindRoutes(app, {
    base: '/api/originators/team-members',
    tags: ['team members'],
    noun: 'team member',
    operationNoun: 'OriginatorTeamMember',
    permissions: { view: 'originator.view', create: 'team_member.create', edit: 'team_member.edit' },
    usersOnly: true,
    // Disabling the last active administrator is refused (changeUser).
    deactivateMayConflict: true,
    listQuery: teamMemberListQuerySchema,
    createBody: createUserBodySchema,
    updateBody: updateTeamMemberBodySchema,
    createSummary: 'Invite a team member: creates the user account with its role and initial password',
    list: async (query, principal) => {
      // The badge's shape tells no role without team_member.view, so neither may its filter.
      if (query.role && !hasPermission(principal.permissions, 'team_member.view')) {
        throw AppError.forbiddenField('role', ROLE_FILTER_MESSAGE, 'team_member.view');
      }
      const { rows, total } = await listTeamMemberRows(db, query, false);
      return { data: rows.map(toOriginator), pagination: toPagination(query.page, query.pageSize, total) };
    },
    create: async (body, principal) => toOriginator(await inviteTeamMember(db, body, asUser(principal))),
    update: async (id, body, principal, ifMatch) =>
      toOriginator(
        await changeTeamMember(
          db,
          await userIdOfOriginator(db, id),
          body,
          asUser(principal),
          limits,
          ifMatch,
        ),
      ),
    read: async (id) => toOriginator(await requireOriginatorRow(db, id, 'team_member')),
    deactivate: async (id, principal, ifMatch) =>
      toOriginator(
        await changeTeamMember(
          db,
          await userIdOfOriginator(db, id),
          { disabled: true },
          asUser(principal),
          limits,
          ifMatch,
        ),
      ),
  });
}
