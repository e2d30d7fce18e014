import { isIP } from 'node:net';
import { AppError } from '../../lib/errors';
import type { OutboundPolicy } from '../../lib/outbound-request';
import {
  classifyAddress,
  hostAddresses,
  isLocalhostName,
  resolveHost,
  type Resolver,
} from '../../lib/special-addresses';

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
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isLocalhostName(host)) return `${REFUSED} (localhost)`;
  const own = hostAddresses();
  if (isIP(host)) {
    const verdict = classifyAddress(host, own);
    return verdict ? `${REFUSED} (${verdict})` : null;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return `host ${host} does not resolve to any address`;
  for (const address of addresses) {
    const verdict = classifyAddress(address, own);
    if (verdict) return `${REFUSED} (${host} resolves to ${verdict})`;
  }
  return null;
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
