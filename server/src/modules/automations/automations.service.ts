import type {
  AutomationDetail,
  CreateAutomationBody,
  UpdateAutomationBody,
} from '@scamtrail/domain/automations';
import type { Originator } from '@scamtrail/domain/originators';
import { grantsBeyond, permissionsForRole } from '@scamtrail/domain/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import type { OutboundPolicy } from '../../lib/outbound-request';
import type { IfMatch } from '../../lib/preconditions';
import {
  changeOriginatorOfType,
  createOriginatorOfType,
  type UniqueName,
} from '../originators/originator-writes.service';
import { requireOriginatorRow, toOriginator } from '../originators/originators.service';
import { listApiKeys } from './api-keys.service';
import { assertPublicTarget } from './network-target';

const UNIQUE_SYSTEM_NAME: UniqueName = {
  constraint: 'originators_automation_name_idx',
  field: 'systemName',
  message: 'An automation with this system name already exists',
};

export type { OutboundPolicy };

const WEBHOOK = { field: 'webhookUrl', label: 'Webhook URL' };

/**
 * Who chooses the URL: whoever receives at it reads what the webhook delivers, so deliveries are held
 * to what this chooser holds now as well as to the keys (`heldForDelivery`, webhooks/webhook-grants.ts).
 */
function urlChooser(principal: Principal, url: string | null | undefined) {
  if (url && isNarrowedDeviceSession(principal)) {
    throw AppError.forbiddenField('webhookUrl', NARROWED_CHOOSER_MESSAGE);
  }
  return principal.kind === 'user'
    ? { webhookUrlSetByUserId: principal.userId, webhookUrlSetByApiKeyId: null }
    : { webhookUrlSetByUserId: null, webhookUrlSetByApiKeyId: principal.apiKeyId };
}

export const NARROWED_CHOOSER_MESSAGE =
  "A device sign-in's token approved for some of your permissions cannot choose a webhook URL: " +
  'its receiver would read what your whole role reads. Set it in the browser';

/**
 * A device sign-in's token narrowed to a scope below its user's role. The URL's chooser is recorded
 * as the user (held to their role, `heldForDelivery`), so such a token choosing a URL would send its
 * receiver more than the token itself may read.
 */
function isNarrowedDeviceSession(principal: Principal): boolean {
  return (
    principal.kind === 'user' &&
    principal.clientId !== undefined &&
    grantsBeyond(principal.permissions, permissionsForRole(principal.role)).length > 0
  );
}

/** Keys shown with an automation; the full list is paginated at .../api-keys. */
const DETAIL_KEYS = 100;

export async function createAutomation(
  db: Db,
  policy: OutboundPolicy,
  body: CreateAutomationBody,
  principal: Principal,
): Promise<Originator> {
  if (body.webhookUrl) await assertPublicTarget(body.webhookUrl, WEBHOOK, policy);
  return createOriginatorOfType(
    db,
    {
      type: 'automation',
      systemName: body.systemName,
      description: body.description,
      webhookUrl: body.webhookUrl ?? null,
      ...(body.webhookUrl ? urlChooser(principal, body.webhookUrl) : {}),
      active: body.active,
    },
    principal.originatorId,
    UNIQUE_SYSTEM_NAME,
  );
}

/**
 * Deactivating (active=false) makes every key of the automation stop working at once. Sending
 * `webhookUrl` (even the same one) makes the caller its chooser.
 */
export async function updateAutomation(
  db: Db,
  policy: OutboundPolicy,
  id: string,
  body: UpdateAutomationBody,
  principal: Principal,
  ifMatch?: IfMatch,
): Promise<Originator> {
  if (body.webhookUrl) await assertPublicTarget(body.webhookUrl, WEBHOOK, policy);
  return changeOriginatorOfType(
    db,
    id,
    'automation',
    body,
    principal.originatorId,
    UNIQUE_SYSTEM_NAME,
    ifMatch,
    body.webhookUrl === undefined ? {} : urlChooser(principal, body.webhookUrl),
  );
}

/** The automation with its latest keys. */
export async function getAutomationDetail(
  db: Db,
  id: string,
  limits: { deviceSessionIdleMs: number },
): Promise<AutomationDetail> {
  const row = await requireOriginatorRow(db, id, 'automation');
  const keys = await listApiKeys(db, id, { page: 1, pageSize: DETAIL_KEYS }, limits);
  return { ...toOriginator(row), apiKeys: keys.data };
}
