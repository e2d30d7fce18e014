import { parseProfileUrl } from '../patterns';
import type { SocialPlatform } from '../types';
import { validatorResult, type ValidatorResult } from './types';

/** Hosts (and their subdomains, e.g. www., m.) that serve each platform's profiles. */
export const PLATFORM_HOSTS: Readonly<Record<Exclude<SocialPlatform, 'other'>, readonly string[]>> = {
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  instagram: ['instagram.com', 'instagr.am'],
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com', 'lnkd.in'],
  tiktok: ['tiktok.com'],
  snapchat: ['snapchat.com'],
  telegram: ['t.me', 'telegram.me', 'telegram.org'],
  whatsapp: ['wa.me', 'whatsapp.com'],
  discord: ['discord.com', 'discord.gg', 'discordapp.com'],
};

/**
 * Whether the profile URL's host belongs to the platform, so a "facebook" account linking to a
 * look-alike site is flagged. Not applicable without a URL or for the "other" platform.
 */
export function validateProfileUrl(platform: string, profileUrl: string | undefined): ValidatorResult {
  if (!profileUrl?.trim())
    return validatorResult('social_profile_url_host', 'not_applicable', 'No profile URL');
  const hosts = PLATFORM_HOSTS[platform as keyof typeof PLATFORM_HOSTS];
  if (!hosts) {
    return validatorResult('social_profile_url_host', 'not_applicable', 'No known hosts for this platform');
  }
  const url = parseProfileUrl(profileUrl);
  if (!url) return validatorResult('social_profile_url_host', 'fail', 'Not an http(s) link');
  const matches = hosts.some((host) => url.host === host || url.host.endsWith(`.${host}`));
  return matches
    ? validatorResult('social_profile_url_host', 'pass', `${url.host} belongs to ${platform}`)
    : validatorResult(
        'social_profile_url_host',
        'fail',
        `${url.host} is not a ${platform} host (expected ${hosts.join(', ')})`,
      );
}
