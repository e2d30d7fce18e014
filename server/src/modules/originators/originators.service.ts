import type { Pagination } from '@scamtrail/domain/pagination';
import { toPagination } from '@scamtrail/domain/pagination';
import {
  ORIGINATOR_TYPE_LABELS,
  ORIGINATOR_TYPES,
  teamMemberStatus,
  type Originator,
  type OriginatorType,
} from '@scamtrail/domain/originators';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/schemas';
import { webhookUrlFor, type WebhookViewer } from '../automations/webhook-url';
import {
  findOriginatorRow,
  listOriginatorRows,
  toOriginatorSummary,
  type OriginatorFilter,
  type OriginatorRow,
} from './originators.repository';

// What other modules read of originators: the summaries their answers name originators by, and the
// team-member rows behind user accounts.
export {
  findOriginatorRowByUserId,
  findOriginatorSummaries,
  listOriginatorRows,
  type OriginatorRow,
} from './originators.repository';

/** What a caller needs to see originators of each kind (team members: any staff member may). */
export const ORIGINATOR_VIEW_PERMISSIONS: Record<OriginatorType, Permission> = {
  team_member: 'originator.view',
  community_member: 'community_member.view',
  automation: 'automation.view',
};

/** The kinds of originator the permissions allow to see. */
export function viewableOriginatorTypes(permissions: readonly string[]): OriginatorType[] {
  return ORIGINATOR_TYPES.filter((type) => hasPermission(permissions, ORIGINATOR_VIEW_PERMISSIONS[type]));
}

/**
 * An originator as this caller may see it: name and type for everyone with originator.view; a team
 * member's e-mail and role only with team_member.view (as GET /api/users is for administrators); an
 * automation's webhook URL in full only for who may change the automation, else its origin alone.
 */
export function originatorFor(viewer: WebhookViewer, originator: Originator): Originator {
  if (originator.webhookUrl !== null) {
    return { ...originator, webhookUrl: webhookUrlFor(viewer, originator.id, originator.webhookUrl) };
  }
  if (!originator.teamMember || hasPermission(viewer.permissions, 'team_member.view')) return originator;
  const { email: _email, role: _role, ...visible } = originator.teamMember;
  return { ...originator, teamMember: visible };
}

/**
 * A record's version: for a team member, the later change of its account and its originator (one
 * record of two rows, see `lockAccountVersion`; every change of the account moves it past the
 * originator's); for the other kinds, the originator's.
 */
export function accountUpdatedAt({ originator, user }: OriginatorRow): Date {
  const userAt = user?.updatedAt;
  return userAt && userAt > originator.updatedAt ? userAt : originator.updatedAt;
}

/** The public shape of an originator (spec 3). */
export function toOriginator(row: OriginatorRow): Originator {
  const { originator: o, user } = row;
  const isAutomation = o.type === 'automation';
  return {
    ...toOriginatorSummary(row),
    active: o.type === 'team_member' ? !user?.disabled : o.active,
    teamMember:
      o.type === 'team_member' && user
        ? {
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            role: user.role,
            status: teamMemberStatus(user),
          }
        : null,
    communityMember:
      o.type === 'community_member'
        ? { username: o.username ?? '', email: o.email, reputation: o.reputation ?? 0, notes: o.notes }
        : null,
    systemName: isAutomation ? o.systemName : null,
    description: isAutomation ? o.description : null,
    webhookUrl: isAutomation ? o.webhookUrl : null,
    lastTriggered: isAutomation ? iso(o.lastTriggered) : null,
    createdAt: iso(o.createdAt),
    updatedAt: iso(accountUpdatedAt(row)),
  };
}

export async function listOriginators(
  db: DbOrTx,
  filter: OriginatorFilter,
  page: { page: number; pageSize: number },
): Promise<{ data: Originator[]; pagination: Pagination }> {
  const { rows, total } = await listOriginatorRows(db, filter, page);
  return { data: rows.map(toOriginator), pagination: toPagination(page.page, page.pageSize, total) };
}

/** The originator row, which must be of `type` when given; else 404 named after the kind. */
export async function requireOriginatorRow(
  db: DbOrTx,
  id: string,
  type?: OriginatorType,
): Promise<OriginatorRow> {
  const row = await findOriginatorRow(db, id);
  if (!row || (type && row.originator.type !== type)) {
    throw AppError.notFound(type ? ORIGINATOR_TYPE_LABELS[type] : 'Originator');
  }
  return row;
}

/**
 * One originator for a caller: 404 when missing or not of the requested type, 403 when the caller
 * may not see originators of its kind.
 */
export async function getOriginatorFor(
  db: DbOrTx,
  viewer: WebhookViewer,
  id: string,
  type?: OriginatorType,
): Promise<Originator> {
  const row = await requireOriginatorRow(db, id, type);
  if (!hasPermission(viewer.permissions, ORIGINATOR_VIEW_PERMISSIONS[row.originator.type])) {
    throw AppError.forbidden();
  }
  return originatorFor(viewer, toOriginator(row));
}

/** Active filter from the `status` query parameter. */
export function activeFilter(status: 'active' | 'inactive' | 'disabled' | undefined): boolean | undefined {
  return status === undefined ? undefined : status === 'active';
}
