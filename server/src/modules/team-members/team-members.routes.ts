import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUserBodySchema } from '@scamtrail/domain/auth';
import { teamMemberListQuerySchema } from '@scamtrail/domain/originators';
import { paginated } from '@scamtrail/domain/pagination';
import { securityEventListQuerySchema, securityEventListSchema } from '@scamtrail/domain/security-events';
import {
  teamMemberDetailSchema,
  teamMemberSchema,
  updateTeamMemberBodySchema,
} from '@scamtrail/domain/team-members';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { currentUser } from '../auth/principal';
import { access } from '../auth/route-access';
import {
  changeTeamMember,
  getTeamMemberDetail,
  inviteTeamMember,
  listTeamMemberSecurityEvents,
  listTeamMembers,
  requireTeamMemberRow,
  toTeamMember,
} from './team-members.service';

/**
 * Team-member administration (administrators: team_member.* is held only through '*'). `{id}` is
 * the user id. Changes need a signed-in user, never an API key: they manage accounts.
 */
export async function teamMembersRoutes(
  app: FastifyInstance,
  opts: { db: Db; limits: { deviceSessionIdleMs: number } },
) {
  const { db, limits } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team members'];
  const edit = access.userPermission('team_member.edit');
  /** Changes the team member the path names, under the request's If-Match: 412 with them as they are. */
  const saveChange = (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    changes: Parameters<typeof changeTeamMember>[2],
  ) =>
    guardEdit(
      reply,
      async () =>
        toTeamMember(
          await changeTeamMember(db, id, changes, currentUser(request), limits, ifMatchOf(request)),
        ),
      async () => toTeamMember(await requireTeamMemberRow(db, id)),
      teamMemberSchema,
    );

  r.get(
    '/api/team-members',
    {
      schema: {
        operationId: 'listTeamMembers',
        tags,
        summary: 'List team members; search matches name or e-mail',
        querystring: teamMemberListQuerySchema,
        response: { 200: paginated(teamMemberSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('team_member.view') },
    },
    async (request) => listTeamMembers(db, request.query),
  );

  r.get(
    '/api/team-members/:id',
    {
      schema: {
        operationId: 'getTeamMember',
        tags,
        summary: 'A team member: profile, role, status, groups, recent journal entries and identifiers',
        params: idParamsSchema,
        response: { 200: teamMemberDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: access.permission('team_member.view') },
    },
    async (request, reply) =>
      withETag(reply, await getTeamMemberDetail(db, request.params.id, request.principal!)),
  );

  r.get(
    '/api/team-members/:id/security-events',
    {
      schema: {
        operationId: 'listTeamMemberSecurityEvents',
        tags,
        summary:
          "A team member's security activity (sign-ins, sessions, passkeys, password, account changes)",
        params: idParamsSchema,
        querystring: securityEventListQuerySchema,
        response: { 200: securityEventListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      // Where and how someone signs in is for those who manage accounts, in person, not for API keys.
      config: { access: edit },
    },
    async (request) => listTeamMemberSecurityEvents(db, request.params.id, request.query),
  );

  r.post(
    '/api/team-members',
    {
      schema: {
        operationId: 'inviteTeamMember',
        tags,
        summary: 'Invite a team member: creates the user account with its role and initial password',
        body: createUserBodySchema,
        response: { 201: teamMemberSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: { access: access.userPermission('team_member.create'), idempotent: true },
    },
    async (request, reply) =>
      reply.status(201).send(toTeamMember(await inviteTeamMember(db, request.body, currentUser(request)))),
  );

  r.patch(
    '/api/team-members/:id',
    {
      schema: {
        operationId: 'updateTeamMember',
        tags,
        summary: "Change a team member's names or role (a role change signs them out)",
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateTeamMemberBodySchema,
        // 409: disabling or demoting the last active administrator.
        response: { 200: teamMemberSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
      config: { access: edit },
    },
    async (request, reply) => saveChange(request, reply, request.params.id, request.body),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    r.post(
      `/api/team-members/:id/${action}`,
      {
        schema: {
          operationId: disabled ? 'disableTeamMember' : 'enableTeamMember',
          tags,
          summary: disabled
            ? 'Disable a team member: signs them out and refuses their sign-in'
            : 'Enable a disabled team member',
          params: idParamsSchema,
          headers: ifMatchHeadersSchema,
          // 409: disabling the last active administrator (enabling takes none away).
          response: {
            200: teamMemberSchema,
            ...errorResponses(400, 401, 403, 404, 412, ...(disabled ? ([409] as const) : [])),
          },
        },
        config: { access: edit },
      },
      async (request, reply) => saveChange(request, reply, request.params.id, { disabled }),
    );
  }
}
