import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addGroupMemberBodySchema,
  createGroupBodySchema,
  groupDetailSchema,
  groupListQuerySchema,
  groupSchema,
  setGroupMembersBodySchema,
  updateGroupBodySchema,
  type GroupDetail,
} from '@scamtrail/domain/groups';
import { paginated } from '@scamtrail/domain/pagination';
import type { Db } from '../../db/client';
import { guardEdit, ifMatchHeadersSchema, ifMatchOf, withETag, type IfMatch } from '../../lib/preconditions';
import { errorResponses, idParamsSchema } from '../../lib/schemas';
import { access, naming } from '../auth/route-access';
import { addGroupMember, deleteGroupMember, setGroupMembers } from './group-members.service';
import { createGroup, deleteGroup, getGroupDetail, listGroups, updateGroup } from './groups.service';

const memberParamsSchema = idParamsSchema.extend({ userId: z.uuid({ message: 'userId must be a UUID' }) });

/**
 * Groups of team members. A case assigned to a group is visible only to its members and to
 * administrators. Changing a group (or its members) is for administrators and the group's members.
 */
export async function groupsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  const detail = { 200: groupDetailSchema, ...errorResponses(400, 401, 403, 404) };
  /** A change of members, checked against If-Match and answered with the group's new ETag. */
  const guardMembers = (
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
    change: (ifMatch: IfMatch) => Promise<GroupDetail>,
  ) =>
    guardEdit(
      reply,
      () => change(ifMatchOf(request)),
      () => getGroupDetail(db, id, request.principal!),
      groupDetailSchema,
    );

  r.get(
    '/api/groups',
    {
      schema: {
        operationId: 'listGroups',
        tags,
        summary: 'List groups with member and case counts (of the cases the caller may see; search by name)',
        querystring: groupListQuerySchema,
        response: { 200: paginated(groupSchema), ...errorResponses(400, 401, 403) },
      },
      config: { access: access.permission('group.view') },
    },
    async (request) => listGroups(db, request.query, request.principal!),
  );

  r.post(
    '/api/groups',
    {
      schema: {
        operationId: 'createGroup',
        tags,
        summary: 'Create a group; a non-administrator creator becomes a member',
        body: createGroupBodySchema,
        response: { 201: groupDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
      config: {
        access: naming(access.permission('group.create'), ['userIds']),
        idempotent: true,
      },
    },
    async (request, reply) => reply.status(201).send(await createGroup(db, request.body, request.principal!)),
  );

  r.get(
    '/api/groups/:id',
    {
      schema: {
        operationId: 'getGroup',
        tags,
        summary: 'One group with its members (their e-mail and role with team_member.view)',
        params: idParamsSchema,
        response: detail,
      },
      config: { access: access.permission('group.view') },
    },
    async (request, reply) =>
      withETag(reply, await getGroupDetail(db, request.params.id, request.principal!)),
  );

  r.patch(
    '/api/groups/:id',
    {
      schema: {
        operationId: 'updateGroup',
        tags,
        summary: 'Rename or describe a group',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: updateGroupBodySchema,
        response: { ...detail, ...errorResponses(409, 412) },
      },
      config: { access: access.permission('group.edit') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal!;
      return guardEdit(
        reply,
        () => updateGroup(db, id, request.body, principal, ifMatchOf(request)),
        () => getGroupDetail(db, id, principal),
        groupDetailSchema,
      );
    },
  );

  r.delete(
    '/api/groups/:id',
    {
      schema: {
        operationId: 'deleteGroup',
        tags,
        summary: 'Delete a group; refused (409 IN_USE) while cases are assigned to it',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: access.permission('group.delete') },
    },
    async (request, reply) => {
      await deleteGroup(db, request.params.id, request.principal!);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/groups/:id/members',
    {
      schema: {
        operationId: 'replaceGroupMembers',
        tags,
        summary: 'Replace the members of a group',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: setGroupMembersBodySchema,
        response: { ...detail, ...errorResponses(412) },
      },
      config: { access: access.permission('group.edit', 'originator.view') },
    },
    async (request, reply) =>
      guardMembers(request.params.id, request, reply, (ifMatch) =>
        setGroupMembers(db, request.params.id, request.body.userIds, request.principal!, ifMatch),
      ),
  );

  r.post(
    '/api/groups/:id/members',
    {
      schema: {
        operationId: 'addGroupMember',
        tags,
        summary: 'Add one member to a group (no change if already a member)',
        params: idParamsSchema,
        headers: ifMatchHeadersSchema,
        body: addGroupMemberBodySchema,
        response: { ...detail, ...errorResponses(412) },
      },
      config: { access: access.permission('group.edit', 'originator.view') },
    },
    async (request, reply) =>
      guardMembers(request.params.id, request, reply, (ifMatch) =>
        addGroupMember(db, request.params.id, request.body.userId, request.principal!, ifMatch),
      ),
  );

  r.delete(
    '/api/groups/:id/members/:userId',
    {
      schema: {
        operationId: 'removeGroupMember',
        tags,
        summary: 'Remove one member from a group',
        params: memberParamsSchema,
        headers: ifMatchHeadersSchema,
        response: { ...detail, ...errorResponses(412) },
      },
      config: { access: access.permission('group.edit', 'originator.view') },
    },
    async (request, reply) =>
      guardMembers(request.params.id, request, reply, (ifMatch) =>
        deleteGroupMember(db, request.params.id, request.params.userId, request.principal!, ifMatch),
      ),
  );
}
