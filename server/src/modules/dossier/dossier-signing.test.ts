import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, signedIn, type Client } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { buildEvidenceApp, pngBytes, upload, type EvidenceTestApp } from '../evidence/evidence-test-fixtures';
import { verifyBundle } from '../signatures/bundle-verifier';
import { addPasskey, createEntry, RP_ID, sign } from '../signatures/signature-test-fixtures';
import type { DossierManifest } from './dossier-format';
import { rezip, unzip } from './dossier-test-fixtures';
import { verifyDossier } from './dossier-verifier';

/**
 * The manifest's signature (docs/dossier.md): prepare → sign with the passkey → download, the signed
 * dossier verified offline; the unsigned one says so; a forged signature, a manifest changed after
 * signing, a signature removed or added are each named.
 */

let t: EvidenceTestApp;
let scratch: string;
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let bob: Client;
let bobKey: SoftwareAuthenticator;
let caseId: string;
const png = pngBytes();

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function ok(res: { statusCode: number; body: string }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body);
}

beforeAll(async () => {
  t = await buildEvidenceApp();
  scratch = await mkdtemp(join(tmpdir(), 'dossier-signing-'));
  const a = await signedIn(t, 'investigator');
  alice = a.client;
  aliceKey = (await addPasskey(t.database.db, a.user.id, undefined, 'Work laptop')).authenticator;
  const b = await signedIn(t, 'investigator');
  bob = b.client;
  bobKey = new SoftwareAuthenticator(PUBLIC_URL);
  caseId = ok(await alice.post('/api/cases', { title: `Signed dossier ${Date.now()}` })).id;
  const fileId = ok(await upload(alice, { name: 'receipt.png', bytes: png }, { caseId })).id;
  const entry = await createEntry(alice, { caseId, description: 'The receipt', evidence: [fileId] });
  await sign(alice, aliceKey, entry.id);
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

async function begin(client: Client) {
  return ok(await client.post(`/api/cases/${caseId}/dossier/sign/begin`), 200) as {
    exportId: string;
    manifestSha256: string;
    signingChallenge: string;
    options: Parameters<SoftwareAuthenticator['assert']>[0];
  };
}

async function complete(client: Client, exportId: string, response: unknown) {
  return client.post(`/api/cases/${caseId}/dossier/sign/complete`, { exportId, response });
}

async function save(payload: Buffer, name: string) {
  const path = join(scratch, name);
  await writeFile(path, payload);
  return path;
}

const signatureCheck = async (path: string) => {
  const result = await verifyDossier(path);
  return { ok: result.ok, check: result.checks.find((c) => c.name === 'manifest signature')! };
};

describe('a dossier signed with the exporter’s passkey', () => {
  let begun: Awaited<ReturnType<typeof begin>>;
  let path: string;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    begun = await begin(alice);
    const signed = ok(await complete(alice, begun.exportId, aliceKey.assert(begun.options)), 200);
    expect(signed).toMatchObject({
      exportId: begun.exportId,
      manifestSha256: begun.manifestSha256,
      downloadUrl: `/api/cases/${caseId}/dossier?export=${begun.exportId}`,
      signer: { passkeyName: 'Work laptop', email: expect.stringContaining('@') },
    });
    const res = await alice.get(signed.downloadUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Every size is known before the first byte: the length is stated, and exact.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    path = await save(res.rawPayload, 'signed.zip');
    files = await unzip(path);
  }, 60_000);

  it('commits the challenge to the manifest’s hash and limits it to the caller’s passkeys', () => {
    const challenge = Buffer.from(begun.signingChallenge, 'base64url');
    const content = `{"caseId":"${caseId}","manifestSha256":"${begun.manifestSha256}","v":"scamtrail-dossier-manifest-v1"}`;
    expect(challenge.subarray(0, 32).toString('hex')).toBe(sha256(content));
    expect(begun.options.allowCredentials).toEqual([
      expect.objectContaining({ id: aliceKey.credentials[0].id }),
    ]);
  });

  it('holds the signature bundle over the manifest, which states that it is signed', () => {
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as DossierManifest;
    expect(sha256(files.get('manifest.json')!)).toBe(begun.manifestSha256);
    expect(manifest.manifestSigning).toBe('passkey');
    expect(manifest.files.map((f) => f.path)).not.toContain('manifest.signature.json');
    const bundle = JSON.parse(files.get('manifest.signature.json')!.toString('utf8'));
    expect(bundle).toMatchObject({
      format: 'scamtrail-signature-bundle',
      canonicalization: 'scamtrail-dossier-manifest-v1',
      content: { v: 'scamtrail-dossier-manifest-v1', caseId, manifestSha256: begun.manifestSha256 },
      signer: { passkeyName: 'Work laptop' },
      publicKeyJwk: { kty: 'EC', crv: 'P-256' },
    });
    expect(verifyBundle(bundle, 'scamtrail-dossier-manifest-v1').every((c) => c.passed)).toBe(true);
    expect(files.get('VERIFY.txt')!.toString('utf8')).toContain('This dossier is signed by its exporter');
    expect(files.get('report.html')!.toString('utf8')).toContain('<span class="badge ok">Signed</span> by');
  });

  it('verifies offline, the signature named with its signer and passkey', async () => {
    const result = await verifyDossier(path);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks.find((c) => c.name === 'manifest signature')!.detail).toMatch(
      /^SIGNED by .+ with the passkey “Work laptop”/,
    );
  });

  it('is recorded in the History as a signed export under the manifest’s hash', async () => {
    const history = (await alice.get(`/api/cases/${caseId}/history?pageSize=100`)).json();
    const exported = history.data.filter((e: { action: string }) => e.action === 'case.exported');
    expect(exported).toContainEqual(
      expect.objectContaining({
        after: expect.objectContaining({
          dossierSha256: begun.manifestSha256,
          manifestSigned: true,
          passkeyName: 'Work laptop',
        }),
      }),
    );
  });

  it('a forged signature is named', async () => {
    const changed = new Map(files);
    const bundle = JSON.parse(files.get('manifest.signature.json')!.toString('utf8'));
    const bytes = Buffer.from(bundle.signature, 'base64url');
    bytes[bytes.length - 1] ^= 0x01;
    bundle.signature = bytes.toString('base64url');
    changed.set('manifest.signature.json', Buffer.from(JSON.stringify(bundle)));
    const { ok: valid, check } = await signatureCheck(await rezip(changed, join(scratch, 'forged.zip')));
    expect(valid).toBe(false);
    expect(check).toMatchObject({ ok: false });
    expect(check.detail).toContain('signature: the signature does not verify with the public key');
  });

  it('a signature over another manifest (the same passkey, a re-signed content) is named', async () => {
    const changed = new Map(files);
    const bundle = JSON.parse(files.get('manifest.signature.json')!.toString('utf8'));
    bundle.content.manifestSha256 = sha256('another manifest');
    changed.set('manifest.signature.json', Buffer.from(JSON.stringify(bundle)));
    const { check } = await signatureCheck(await rezip(changed, join(scratch, 'other-content.zip')));
    expect(check.ok).toBe(false);
    expect(check.detail).toContain('content-hash');
    expect(check.detail).toContain('the manifest changed after signing');
  });

  it('a manifest changed after signing is named, with the file it lists', async () => {
    const changed = new Map(files);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as DossierManifest;
    manifest.exportedBy.name = 'Someone Else';
    changed.set('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    const { check } = await signatureCheck(await rezip(changed, join(scratch, 'manifest-changed.zip')));
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(
      `it signed a manifest whose SHA-256 is ${begun.manifestSha256}, but manifest.json hashes to`,
    );
    expect(check.detail).toContain('the manifest changed after signing');
  });

  it('the signature removed is named', async () => {
    const changed = new Map(files);
    changed.delete('manifest.signature.json');
    const { check } = await signatureCheck(await rezip(changed, join(scratch, 'unsigned-now.zip')));
    expect(check).toMatchObject({ ok: false });
    expect(check.detail).toMatch(/^manifest\.signature\.json was removed/);
  });

  it('cannot be signed twice, nor downloaded by anyone else', async () => {
    const again = await complete(alice, begun.exportId, aliceKey.assert(begun.options));
    expect(again.statusCode).toBe(400);
    const other = await bob.get(`/api/cases/${caseId}/dossier?export=${begun.exportId}`);
    expect([403, 404]).toContain(other.statusCode);
  });
});

describe('signing refused', () => {
  it('a caller without a passkey is told so, and exports unsigned, which the dossier says', async () => {
    const res = await bob.post(`/api/cases/${caseId}/dossier/sign/begin`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/no passkey/);
    const unsigned = await bob.get(`/api/cases/${caseId}/dossier`);
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    const path = await save(unsigned.rawPayload, 'unsigned.zip');
    const files = await unzip(path);
    expect(files.has('manifest.signature.json')).toBe(false);
    expect(JSON.parse(files.get('manifest.json')!.toString('utf8'))).toMatchObject({
      manifestSigning: 'none',
    });
    expect(files.get('VERIFY.txt')!.toString('utf8')).toContain('This dossier is NOT signed');
    expect(files.get('report.html')!.toString('utf8')).toContain(
      '<span class="badge none">Not signed</span> The manifest',
    );
    const { ok: valid, check } = await signatureCheck(path);
    expect(valid).toBe(true);
    expect(check.detail).toMatch(/^NOT SIGNED/);
  });

  it('a signature added to an unsigned dossier is named', async () => {
    const unsigned = await unzip(
      await save((await bob.get(`/api/cases/${caseId}/dossier`)).rawPayload, 'u2.zip'),
    );
    const signed = await begin(alice);
    ok(await complete(alice, signed.exportId, aliceKey.assert(signed.options)), 200);
    const download = await alice.get(`/api/cases/${caseId}/dossier?export=${signed.exportId}`);
    const signature = (await unzip(await save(download.rawPayload, 's2.zip'))).get(
      'manifest.signature.json',
    )!;
    unsigned.set('manifest.signature.json', signature);
    const { check } = await signatureCheck(await rezip(unsigned, join(scratch, 'added.zip')));
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(/^manifest\.signature\.json was added/);
  });

  it('an export id that is not a UUID is refused, naming the field', async () => {
    const res = await alice.get(`/api/cases/${caseId}/dossier?export=nope`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('export must be a UUID');
  });

  it('a dossier prepared but not signed is not downloaded', async () => {
    const begun = await begin(alice);
    const res = await alice.get(`/api/cases/${caseId}/dossier?export=${begun.exportId}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toMatch(/not signed yet/);
  });

  it('a challenge issued for another export or an entry does not sign this one', async () => {
    const first = await begin(alice);
    const second = await begin(alice);
    const res = await complete(alice, second.exportId, aliceKey.assert(first.options));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/issued for something else/);
    const entry = await createEntry(alice, { caseId, description: 'Another' });
    const entryBegun = ok(await alice.post(`/api/journal-entries/${entry.id}/sign/begin`), 200);
    const third = await begin(alice);
    const viaEntry = await complete(alice, third.exportId, aliceKey.assert(entryBegun.options));
    expect(viaEntry.statusCode, viaEntry.body).toBe(400);
  });

  it('another authenticator’s assertion is refused', async () => {
    const begun = await begin(alice);
    bobKey.register({
      challenge: 'x',
      rp: { id: RP_ID, name: 'Scamtrail' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    const forged = bobKey.assert({ ...begun.options, allowCredentials: [] });
    const res = await complete(alice, begun.exportId, forged);
    expect(res.statusCode, res.body).toBe(400);
  });
});
