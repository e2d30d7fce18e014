import { validatorResult, type ValidatorResult } from './types';

/** RFC 5322 dot-atom characters, plus any Unicode letter or digit (RFC 6531 internationalised mail). */
const LOCAL_ATOM = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
/** A DNS label: letters or digits, inner hyphens, at most 63 characters. */
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** A top-level domain is letters (or a punycode "xn--" label), never all digits. */
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

function problemOf(address: string): string | undefined {
  if (address.length > 254) return 'Longer than 254 characters';
  const at = address.lastIndexOf('@');
  if (at < 1) return 'Missing the local part or the @';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64) return 'Local part longer than 64 characters';
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) {
    return 'Local part has a character not allowed, or a leading, trailing or doubled dot';
  }
  const labels = domain.split('.');
  if (labels.length < 2) return 'Domain has no dot';
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return 'Domain has an invalid label';
  if (!TOP_LEVEL.test(labels[labels.length - 1])) return 'Top-level domain is not a name';
  return undefined;
}

/**
 * E-mail syntax per RFC 5321/5322 (dot-atom local part, DNS domain), stricter than the form's rule.
 * Quoted local parts and IP-literal domains are legal but never seen in scam reports, so they fail.
 */
export function validateEmailSyntax(address: string): ValidatorResult {
  const problem = problemOf(address.trim());
  return problem
    ? validatorResult('email_syntax', 'fail', problem)
    : validatorResult('email_syntax', 'pass', 'Well-formed address');
}
