import { describe, expect, it } from 'vitest';
import { ASSERTION_JSON, domError, installWebAuthn } from '../test/webauthn';
import { ApiError } from './api-error';
import {
  authenticateWithPasskey,
  mapCredentials,
  PASSKEY_ERRORS,
  PasskeyError,
  passkeyErrorMessage,
  readChallenge,
  registerPasskey,
  toBase64Url,
  toCreationOptions,
  toRequestOptions,
} from './passkeys';

const text = (buffer: BufferSource) => new TextDecoder().decode(buffer);

function expectPasskeyError(run: () => unknown, message: string) {
  expect(run).toThrow(PasskeyError);
  expect(run).toThrow(message);
}

describe('readChallenge', () => {
  it.each([
    ['options.challenge', { options: { challenge: 'abc' } }],
    ['signingChallenge', { signingChallenge: 'abc', options: {} }],
    ['publicKey.challenge', { publicKey: { challenge: 'abc' } }],
    ['options.publicKey.challenge', { options: { publicKey: { challenge: 'abc' } } }],
    ['challenge', { challenge: 'abc' }],
  ])('reads the challenge from %s', (_shape, answer) => {
    expect(readChallenge(answer)).toBe('abc');
  });

  it('prefers the options’ challenge over the signing challenge beside them', () => {
    expect(readChallenge({ signingChallenge: 'outer', options: { challenge: 'inner' } })).toBe('inner');
  });

  it('rewrites standard base64 and encodes bytes as URL-safe base64', () => {
    expect(readChallenge({ challenge: 'a+b/c==' })).toBe('a-b_c');
    expect(readChallenge({ challenge: new Uint8Array([251, 255]) })).toBe('-_8');
    expect(readChallenge({ challenge: new Uint8Array([251, 255]).buffer })).toBe('-_8');
    expect(readChallenge({ challenge: [251, 255] })).toBe('-_8');
  });

  it('calls options without any challenge invalid', () => {
    const message = PASSKEY_ERRORS.missingChallenge;
    expect(message.startsWith('Invalid authentication options: missing challenge')).toBe(true);
    expectPasskeyError(() => readChallenge({ options: { rpId: 'localhost' } }), message);
    expectPasskeyError(() => readChallenge(null), message);
    expectPasskeyError(() => readChallenge({ challenge: null }), message);
  });

  it('requires the challenge to hold something', () => {
    expectPasskeyError(() => readChallenge({ challenge: '' }), 'Challenge is required for authentication');
    expectPasskeyError(() => readChallenge({ challenge: '  ' }), 'Challenge is required for authentication');
    expectPasskeyError(() => readChallenge({ challenge: 42 }), 'Challenge is required for authentication');
  });
});

describe('toBase64Url and mapCredentials', () => {
  it('leaves what is not binary undefined', () => {
    expect(toBase64Url({})).toBeUndefined();
    expect(toBase64Url([300])).toBeUndefined();
  });

  it('maps allowed credentials from their id fields, dropping those without one', () => {
    expect(
      mapCredentials([
        { id: 'a+b', transports: ['internal'] },
        { credentialId: 'cred2' },
        { credentialID: new Uint8Array([1]) },
        { rawId: 'raw' },
        'bare',
        { name: 'no id' },
      ]),
    ).toEqual([
      { id: 'a-b', type: 'public-key', transports: ['internal'] },
      { id: 'cred2', type: 'public-key' },
      { id: 'AQ', type: 'public-key' },
      { id: 'raw', type: 'public-key' },
      { id: 'bare', type: 'public-key' },
    ]);
    expect(mapCredentials(undefined)).toEqual([]);
  });
});

describe('toRequestOptions', () => {
  it('defaults the timeout to 60000 ms, user verification to preferred and the RP to this host', () => {
    expect(
      toRequestOptions({ signingChallenge: 'abc', options: { allowCredentials: [{ id: 'c1' }] } }),
    ).toEqual({
      challenge: 'abc',
      timeout: 60_000,
      rpId: window.location.hostname,
      userVerification: 'preferred',
      allowCredentials: [{ id: 'c1', type: 'public-key' }],
    });
  });

  it('keeps what the server chose', () => {
    const options = toRequestOptions({
      options: { challenge: 'abc', timeout: 5000, rpId: 'scamtrail.example', userVerification: 'required' },
    });
    expect(options).toMatchObject({ timeout: 5000, rpId: 'scamtrail.example', userVerification: 'required' });
  });
});

describe('toCreationOptions', () => {
  it('fills the relying party, the algorithms, the timeout and user verification', () => {
    const options = toCreationOptions({
      challenge: 'abc',
      user: { id: 'dXNlcg', name: 'ada@example.org' },
      excludeCredentials: [{ id: 'old' }],
    });
    expect(options).toMatchObject({
      challenge: 'abc',
      rp: { id: window.location.hostname, name: window.location.hostname },
      user: { id: 'dXNlcg', name: 'ada@example.org', displayName: 'ada@example.org' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 60_000,
      excludeCredentials: [{ id: 'old', type: 'public-key' }],
      authenticatorSelection: { userVerification: 'preferred' },
    });
  });

  it('needs the user to create a passkey for', () => {
    expectPasskeyError(() => toCreationOptions({ challenge: 'abc' }), PASSKEY_ERRORS.registrationFailed);
  });
});

describe('authenticateWithPasskey', () => {
  it('says so when the browser has no WebAuthn', async () => {
    await expect(authenticateWithPasskey({ challenge: 'abc' })).rejects.toThrow(
      'WebAuthn is not supported in this browser',
    );
  });

  it('runs the prompt with the options as bytes and answers the assertion as URL-safe base64', async () => {
    const webauthn = installWebAuthn();
    const answer = await authenticateWithPasskey({
      signingChallenge: 'c2lnbg',
      options: { challenge: 'c2lnbg', allowCredentials: [{ id: 'Y3JlZC0x' }] },
    });
    expect(answer).toEqual(ASSERTION_JSON);
    const { publicKey } = webauthn.get.mock.calls[0][0];
    expect(text(publicKey!.challenge)).toBe('sign');
    expect(publicKey).toMatchObject({ timeout: 60_000, userVerification: 'preferred', rpId: 'localhost' });
    expect(text(publicKey!.allowCredentials![0].id)).toBe('cred-1');
  });

  it('leaves the allowed credentials out for a discoverable sign-in', async () => {
    const webauthn = installWebAuthn();
    await authenticateWithPasskey({ challenge: 'YWJj', allowCredentials: [] });
    expect(webauthn.get.mock.calls[0][0].publicKey!.allowCredentials).toBeUndefined();
  });

  it('does not open a prompt without a challenge', async () => {
    const webauthn = installWebAuthn();
    await expect(authenticateWithPasskey({ options: {} })).rejects.toThrow(PASSKEY_ERRORS.missingChallenge);
    await expect(authenticateWithPasskey({ challenge: '' })).rejects.toThrow(
      PASSKEY_ERRORS.challengeRequired,
    );
    expect(webauthn.get).not.toHaveBeenCalled();
  });

  it.each(['NotAllowedError', 'AbortError'])('calls a %s a cancellation', async (name) => {
    const webauthn = installWebAuthn();
    webauthn.get.mockRejectedValueOnce(domError(name));
    await expect(authenticateWithPasskey({ challenge: 'YWJj' })).rejects.toThrow(
      'Authentication was cancelled',
    );
  });

  it.each([
    ['a browser error', domError('UnknownError')],
    ['a security error', domError('SecurityError')],
    ['no credential', null],
  ])('calls %s a failure', async (_label, outcome) => {
    const webauthn = installWebAuthn();
    if (outcome) webauthn.get.mockRejectedValueOnce(outcome);
    else webauthn.get.mockResolvedValueOnce(null);
    const failure = authenticateWithPasskey({ challenge: 'YWJj' });
    await expect(failure).rejects.toThrow(PasskeyError);
    await expect(failure).rejects.toThrow('Authentication failed');
  });
});

describe('registerPasskey', () => {
  const creation = { challenge: 'YWJj', user: { id: 'dXNlcg', name: 'ada@example.org' } };

  it('creates a passkey and answers the attestation as URL-safe base64', async () => {
    const webauthn = installWebAuthn();
    const answer = await registerPasskey(creation);
    expect(answer).toMatchObject({
      id: 'Y3JlZC0x',
      rawId: 'Y3JlZC0x',
      type: 'public-key',
      response: {
        clientDataJSON: 'Y2xpZW50LWRhdGE',
        attestationObject: 'YXR0ZXN0YXRpb24',
        transports: ['internal'],
      },
    });
    const { publicKey } = webauthn.create.mock.calls[0][0];
    expect(text(publicKey!.user.id)).toBe('user');
    expect(publicKey).toMatchObject({ rp: { id: 'localhost' }, timeout: 60_000 });
  });

  it('says so when the browser has no WebAuthn', async () => {
    await expect(registerPasskey(creation)).rejects.toThrow(PASSKEY_ERRORS.unsupported);
  });

  it.each([
    ['NotAllowedError', PASSKEY_ERRORS.registrationCancelled],
    ['InvalidStateError', PASSKEY_ERRORS.alreadyRegistered],
    ['UnknownError', PASSKEY_ERRORS.registrationFailed],
  ])('words a %s', async (name, message) => {
    const webauthn = installWebAuthn();
    webauthn.create.mockRejectedValueOnce(domError(name));
    await expect(registerPasskey(creation)).rejects.toThrow(message);
  });
});

describe('passkeyErrorMessage', () => {
  it('gives the passkey’s message, else the server’s, else the fallback', () => {
    expect(passkeyErrorMessage(new PasskeyError('cancelled'), 'x')).toBe('Authentication was cancelled');
    expect(passkeyErrorMessage(new ApiError(409, 'CONFLICT', 'Already signed'), 'x')).toBe('Already signed');
    expect(passkeyErrorMessage(new Error('boom'), 'Failed to sign the journal entry')).toBe(
      'Failed to sign the journal entry',
    );
  });
});
