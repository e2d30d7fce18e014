import { webhookUrlOrigin } from '@scamtrail/domain/automations';
import { hasPermission } from '@scamtrail/domain/permissions';
import type { Principal } from '../auth/principal';

/** What of the caller `webhookUrlFor` asks: a principal, or as much of one. */
export type WebhookViewer = Pick<Principal, 'kind' | 'permissions' | 'originatorId'>;

/**
 * Whether the caller may read the automation's webhook URL in full: who may change the automation,
 * that is holders of automation.edit, and of keys only the automation's own (as they may change no
 * other). The URL may carry the receiver's token in its path or query.
 */
export function seesFullWebhookUrl(viewer: WebhookViewer, automationId: string): boolean {
  if (!hasPermission(viewer.permissions, 'automation.edit')) return false;
  return viewer.kind === 'user' || viewer.originatorId === automationId;
}

/** The automation's webhook URL as the caller may see it: in full, or its origin alone. */
export function webhookUrlFor(
  viewer: WebhookViewer,
  automationId: string,
  url: string | null,
): string | null {
  return seesFullWebhookUrl(viewer, automationId) ? url : webhookUrlOrigin(url);
}
