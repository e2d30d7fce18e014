import { AppError } from '../../lib/errors';
import type { OutboundPolicy } from '../../lib/outbound-request';
import { checkTarget, resolveHost, urlHost, type Resolver } from '../../lib/special-addresses';

const REFUSED = 'must not point at a private, loopback or link-local address';

/**
 * Why an outbound call to `url` is refused, or null when it may go ahead: the host is a localhost
 * name, an address in a special-purpose range or one of this server's own, resolves to any such
 * address, or does not resolve at all. This is the check at save time; delivery checks again and
 * pins the address it checked (see lib/outbound-request), because DNS answers change.
 */
export async function privateTargetReason(
  url: string,
  resolve: Resolver = resolveHost,
): Promise<string | null> {
  const host = urlHost(url);
  const check = await checkTarget(host, { resolve });
  switch (check.kind) {
    case 'ok':
      return null;
    case 'localhost':
      return `${REFUSED} (localhost)`;
    case 'unresolvable':
      return `host ${host} does not resolve to any address`;
    case 'refused':
      return `${REFUSED} (${check.resolved ? `${host} resolves to ` : ''}${check.verdict})`;
  }
}

/** 400 naming the field when `url` may not be called, unless the operator allows private targets. */
export async function assertPublicTarget(
  url: string,
  target: { field: string; label: string },
  policy: OutboundPolicy,
): Promise<void> {
  if (policy.allowPrivateNetworkTargets) return;
  const reason = await privateTargetReason(url, policy.resolveHost);
  if (reason) throw AppError.validation([{ field: target.field, message: `${target.label} ${reason}` }]);
}
