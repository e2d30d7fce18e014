import ipaddr from 'ipaddr.js';
import type { LoginThrottle } from '../../config';

/** The wait once an account reaches `delayAfterFailures` failures; each further failure doubles it. */
export const FIRST_DELAY_MS = 500;

/**
 * How long an attempt on an account waits before its password is checked, given the account's recent
 * failures from every address. Guessing from many addresses slows down, up to `maxDelayMs`, while the
 * owner, who knows the password, still gets in.
 */
export function signInDelayMs(
  failures: number,
  throttle: Pick<LoginThrottle, 'delayAfterFailures' | 'maxDelayMs'>,
): number {
  const beyond = failures - throttle.delayAfterFailures;
  if (beyond < 0) return 0;
  // The exponent is bounded so a huge count cannot overflow to Infinity before the cap applies.
  return Math.min(throttle.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(beyond, 30));
}

/**
 * The address that failures are counted by. An IPv4-mapped IPv6 address counts as its IPv4 address;
 * an IPv6 address counts by its /64 network, since one subscriber is usually given a whole /64 and
 * could otherwise take a fresh address for every few guesses.
 */
export function throttleAddress(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toRFC5952String()}/64`;
}
