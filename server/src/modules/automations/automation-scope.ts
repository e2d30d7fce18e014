import { AppError } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';

/**
 * An API key acts for its own automation only: holding automation.edit must not let automation A
 * reconfigure, reactivate or deactivate automation B, or mint keys that act as B. People are bound
 * by their permissions alone.
 */
export function assertActsForAutomation(principal: Principal, automationId: string): void {
  if (principal.kind === 'api_key' && principal.originatorId !== automationId) {
    throw AppError.forbidden('An API key can act only for its own automation');
  }
}
