/**
 * @simplewebauthn/server, loaded at the first passkey or signature call rather than at start: its
 * helpers (CBOR, ASN.1, COSE) take about 150 ms to load, a tenth of the server's start-up budget, and
 * most starts never need them before the first sign-in with a passkey.
 */
let server: Promise<typeof import('@simplewebauthn/server')> | undefined;
let helpers: Promise<typeof import('@simplewebauthn/server/helpers')> | undefined;

export function webauthnServer() {
  return (server ??= import('@simplewebauthn/server'));
}

export function webauthnHelpers() {
  return (helpers ??= import('@simplewebauthn/server/helpers'));
}
