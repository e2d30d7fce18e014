import { onTestFinished, vi } from 'vitest';

/**
 * A stand-in for the browser's WebAuthn (jsdom has none): `PublicKeyCredential` exists and
 * `navigator.credentials.get/create` answer fixed credentials, or fail as told. The real
 * @simplewebauthn/browser runs on top of it, so the options it passes and the JSON it builds are real.
 */

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export const ASSERTION_JSON = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: {
    authenticatorData: 'YXV0aC1kYXRh',
    clientDataJSON: 'Y2xpZW50LWRhdGE',
    signature: 'c2lnbmF0dXJl',
    userHandle: 'dXNlci0x',
  },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
} as const;

function assertion() {
  return {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      authenticatorData: bytes('auth-data'),
      clientDataJSON: bytes('client-data'),
      signature: bytes('signature'),
      userHandle: bytes('user-1'),
    },
    getClientExtensionResults: () => ({}),
  };
}

function attestation() {
  return {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('client-data'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  };
}

/** Installs the stand-in for the running test; it is removed when the test ends. */
export function installWebAuthn() {
  const get = vi.fn(async (_options: CredentialRequestOptions): Promise<unknown> => assertion());
  const create = vi.fn(async (_options: CredentialCreationOptions): Promise<unknown> => attestation());
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
    writable: true,
  });
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  onTestFinished(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    delete (navigator as { credentials?: unknown }).credentials;
  });
  return { get, create };
}

/** A DOMException as the browser raises it, e.g. `NotAllowedError` when the person cancels. */
export function domError(name: string, message = `${name} raised`) {
  return new DOMException(message, name);
}
