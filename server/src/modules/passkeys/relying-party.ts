import type { Config } from '../../config';

/** The WebAuthn relying party, derived from PUBLIC_URL: its host name is the RP ID, its origin the origin. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: 'Scamtrail', origin: url.origin };
}
