import type { LightMyRequestResponse } from 'fastify';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { clientWithHeaders, PUBLIC_URL, type Client, type TestApp } from '../../../test/helpers';
import type {
  CeremonyOverrides,
  SoftwareAuthenticator,
  SoftwareCredential,
} from '../../../test/software-authenticator';

/** Passkey ceremonies through the real routes, with the software authenticator as the browser's. */

export async function registrationOptionsFor(
  client: Client,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const res = await client.post('/api/auth/passkeys/registration/options', {});
  if (res.statusCode !== 200) throw new Error(`registration options: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Asks for creation options, lets the authenticator answer them, and posts the answer. */
export async function registerWith(
  client: Client,
  authenticator: SoftwareAuthenticator,
  options: { name?: string; overrides?: CeremonyOverrides } = {},
): Promise<{ res: LightMyRequestResponse; response: RegistrationResponseJSON }> {
  const creation = await registrationOptionsFor(client);
  const response = authenticator.register(creation, options.overrides);
  const res = await client.post('/api/auth/passkeys', { name: options.name ?? 'Laptop', response });
  return { res, response };
}

/** Registers a passkey and fails the test unless it is stored. */
export async function addPasskey(client: Client, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const { res } = await registerWith(client, authenticator, { name });
  if (res.statusCode !== 201) throw new Error(`passkey registration: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

/** Posts as an anonymous browser of the application's origin. */
export function anonymousPost(t: TestApp, url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: { origin: PUBLIC_URL }, payload: payload as object });
}

export async function signInOptions(t: TestApp): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await anonymousPost(t, '/api/auth/passkey/options', {});
  if (res.statusCode !== 200) throw new Error(`sign-in options: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Asks for sign-in options, lets the authenticator answer, and posts the assertion. */
export async function passkeySignIn(
  t: TestApp,
  authenticator: SoftwareAuthenticator,
  overrides: CeremonyOverrides = {},
  credential?: SoftwareCredential,
): Promise<LightMyRequestResponse> {
  const options = await signInOptions(t);
  const response = authenticator.assert(options, overrides, credential);
  return anonymousPost(t, '/api/auth/passkey/login', { response });
}

/** The cookie-carrying client of a successful sign-in answer. */
export function clientOf(t: TestApp, res: LightMyRequestResponse): Client {
  const cookie = res.cookies.find((c) => c.name === 'scamtrail_session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return clientWithHeaders(t.app, { cookie: `scamtrail_session=${cookie.value}` });
}
