import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors';

/**
 * Addresses an outbound call (webhook, export push) must not reach unless the operator allows it:
 * private, loopback, link-local, shared (CGNAT), unspecified, multicast and reserved ranges.
 * IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) match their IPv4 range.
 */
const PRIVATE_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const privateRanges = new BlockList();
for (const [network, prefix, family] of PRIVATE_RANGES) privateRanges.addSubnet(network, prefix, family);

/** True for an IP address literal in a private, loopback or link-local range. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export type Resolver = (host: string) => Promise<string[]>;

const DNS_TIMEOUT_MS = 3000;

/** Every address the host resolves to; rejects when it cannot be resolved in time. */
export const resolveHost: Resolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

const REFUSED = 'must not point at a private, loopback or link-local address';

/**
 * Why an outbound call to `url` is refused, or null when it may go ahead. A host that cannot be
 * resolved now is accepted: whatever delivers to it must check the address again at call time
 * (DNS answers change), so this check is a first line, not the only one.
 */
export async function privateTargetReason(
  url: string,
  resolve: Resolver = resolveHost,
): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isLocalhostName(host)) return `${REFUSED} (localhost)`;
  if (isIP(host)) return isPrivateAddress(host) ? REFUSED : null;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  const inside = addresses.find(isPrivateAddress);
  return inside ? `${REFUSED} (${host} resolves to ${inside})` : null;
}

/** 400 naming the field when `url` targets a private network, unless the operator allows that. */
export async function assertPublicTarget(
  url: string,
  target: { field: string; label: string },
  options: { allowPrivateNetworkTargets: boolean; resolve?: Resolver },
): Promise<void> {
  if (options.allowPrivateNetworkTargets) return;
  const reason = await privateTargetReason(url, options.resolve);
  if (reason) throw AppError.validation([{ field: target.field, message: `${target.label} ${reason}` }]);
}
