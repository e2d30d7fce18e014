import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * IANA special-purpose IPv6 blocks ipaddr.js 2.5 does not name (its `range()` calls them unicast):
 * IPv4-compatible addresses (RFC 4291 2.5.5.1, deprecated; `::127.0.0.1` reaches 127.0.0.1 on some
 * stacks) and the dummy prefix of RFC 9780.
 */
const EXTRA_IPV6_RANGES: Record<string, [IPv6, number]> = {
  ipv4Compatible: ipaddr.IPv6.parseCIDR('::/96'),
  dummyPrefix: ipaddr.IPv6.parseCIDR('100:0:0:1::/64'),
};

/** The NAT64 well-known prefix: globally reachable, and RFC 6052 allows only global IPv4 inside it. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function ipv4FromBytes(bytes: number[]): IPv4 {
  return ipaddr.fromByteArray(bytes) as IPv4;
}

/** The IPv4 address an IPv6 translation or tunnel form carries, for the ranges that carry one. */
function embeddedIPv4(address: IPv6, range: string): IPv4 | undefined {
  const bytes = address.toByteArray();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'ipv4Compatible':
      return ipv4FromBytes(bytes.slice(12));
    case 'rfc6052':
      // Only the /96 well-known prefix puts the IPv4 address last; the local-use /48 is refused as is.
      return address.match(NAT64_WELL_KNOWN) ? ipv4FromBytes(bytes.slice(12)) : undefined;
    case '6to4':
      return ipv4FromBytes(bytes.slice(2, 6));
    case 'teredo':
      // The client's address, obfuscated (RFC 4380 4): where the tunnel finally delivers.
      return ipv4FromBytes(bytes.slice(12).map((b) => b ^ 0xff));
    default:
      return undefined;
  }
}

function ipv6Range(address: IPv6): string {
  const named = address.range();
  if (named !== 'unicast') return named;
  return ipaddr.subnetMatch(address, EXTRA_IPV6_RANGES, 'unicast');
}

const IPV4_COMPATIBLE_TEXT = /^::(\d+\.\d+\.\d+\.\d+)$/;

/**
 * ipaddr.parse, except that `::a.b.c.d` stays IPv4-compatible: ipaddr.js reads it as IPv4-mapped
 * (`::ffff:a.b.c.d`), and resolvers print IPv4-compatible answers that way.
 */
function parseAddress(literal: string): IPv4 | IPv6 {
  const compatible = IPV4_COMPATIBLE_TEXT.exec(literal);
  if (!compatible) return ipaddr.parse(literal);
  return ipaddr.fromByteArray([...Array(12).fill(0), ...ipaddr.IPv4.parse(compatible[1]).toByteArray()]);
}

/** Why an address must not be called, e.g. "127.0.0.1 is loopback"; null when it may be. */
export type AddressVerdict = string | null;

function classifyIPv4(address: IPv4, own: ReadonlySet<string>): AddressVerdict {
  const range = address.range();
  if (range !== 'unicast') return `${address.toString()} is ${range}`;
  if (own.has(address.toString())) return `${address.toString()} is an address of this server`;
  return null;
}

/**
 * Classifies an IP address literal against the IANA IPv4 and IPv6 special-purpose registries (as
 * ipaddr.js names them) and the host's own interface addresses. An IPv6 form carrying an IPv4
 * address (mapped, translated, NAT64, 6to4, Teredo, IPv4-compatible) is judged by that address too:
 * the NAT64 well-known prefix and IPv4-mapped forms pass when what they carry passes, the other forms
 * never do (tunnels to unknown relays, deprecated or local-use), and the verdict names the embedded
 * address when it is itself special. A string that is not an IP address is refused.
 */
export function classifyAddress(literal: string, own: ReadonlySet<string> = hostAddresses()): AddressVerdict {
  if (!ipaddr.isValid(literal)) return `${literal} is not an IP address`;
  const address = parseAddress(literal);
  if (address.kind() === 'ipv4') return classifyIPv4(address as IPv4, own);
  const v6 = address as IPv6;
  const text = v6.toString();
  const range = ipv6Range(v6);
  const inner = embeddedIPv4(v6, range);
  if (inner) {
    const innerVerdict = classifyIPv4(inner, own);
    const isTransparent = range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052';
    if (innerVerdict) return `${text} is ${range}, carrying ${innerVerdict}`;
    return isTransparent ? null : `${text} is ${range} (carrying ${inner.toString()})`;
  }
  if (range !== 'unicast') return `${text} is ${range}`;
  if (own.has(text)) return `${text} is an address of this server`;
  return null;
}

/** Every address of this host's network interfaces, normalised as ipaddr.js prints them. */
export function hostAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (ipaddr.isValid(entry.address)) own.add(ipaddr.parse(entry.address).toString());
    }
  }
  return own;
}

/** Answers every address a host name resolves to; rejects when it does not resolve. */
export type Resolver = (host: string) => Promise<string[]>;

const DNS_TIMEOUT_MS = 3000;

/** The system resolver (getaddrinfo, as connections use it), bounded in time. */
export const resolveHost: Resolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
  });
  try {
    // eslint-disable-next-line no-restricted-syntax -- a deadline on a DNS lookup: no database
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

/** True for names that mean this host whatever DNS says (RFC 6761 6.3). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The host of an http(s) URL, without the brackets of an IPv6 literal. */
export function urlHost(url: string | URL): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

/** What checking an outbound target found. */
export type TargetCheck =
  | { kind: 'ok'; addresses: string[] }
  /** A localhost name (RFC 6761): this host, whatever DNS says. */
  | { kind: 'localhost' }
  | { kind: 'unresolvable' }
  /** The first refused address; `resolved` when it came from DNS rather than the URL. */
  | { kind: 'refused'; verdict: string; resolved: boolean };

/**
 * The one check of an outbound target, at save time and again at delivery: a localhost name, an IP
 * literal or every address the name resolves to must pass `classifyAddress`; a name that does not
 * resolve is refused too. With `allowPrivate` (the operator's override) addresses are not classified.
 */
export async function checkTarget(
  host: string,
  options: { allowPrivate?: boolean; resolve?: Resolver } = {},
): Promise<TargetCheck> {
  if (!options.allowPrivate && isLocalhostName(host)) return { kind: 'localhost' };
  const literal = ipaddr.isValid(host);
  const addresses = literal ? [host] : await (options.resolve ?? resolveHost)(host).catch(() => []);
  if (addresses.length === 0) return { kind: 'unresolvable' };
  if (!options.allowPrivate) {
    const own = hostAddresses();
    for (const address of addresses) {
      const verdict = classifyAddress(address, own);
      if (verdict) return { kind: 'refused', verdict, resolved: !literal };
    }
  }
  return { kind: 'ok', addresses };
}
