import { execFile } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../test/helpers';
import { signedIn } from '../../../test/helpers';
import type { SoftwareAuthenticator } from '../../../test/software-authenticator';
import {
  buildEvidenceApp,
  insertCase,
  insertGroup,
  pngBytes,
  upload,
  type EvidenceTestApp,
} from '../evidence/evidence-test-fixtures';
import { insertIdentifier } from '../journal-entries/journal-entry-test-fixtures';
import type { Permission } from '@scamtrail/domain/permissions';
import { automationWithKey } from '../../../test/originator-helpers';
import { addPasskey, asAttacker, createEntry, sign } from './signature-test-fixtures';
import { UNREADABLE_KIND, UNSEEN_EVIDENCE_MISMATCH } from './verification.service';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let t: EvidenceTestApp;
let alice: Client;
let aliceKey: SoftwareAuthenticator;
let originatorId: string;

beforeAll(async () => {
  t = await buildEvidenceApp();
  const a = await signedIn(t, 'investigator');
  alice = a.client;
  originatorId = a.user.originatorId;
  aliceKey = (await addPasskey(db(), a.user.id)).authenticator;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

/** A case with a signed entry naming an identifier and an uploaded screenshot. */
async function signedEntry(description = 'Signed statement') {
  const caseId = await insertCase(db(), originatorId);
  const identifierId = await insertIdentifier(db(), originatorId);
  const uploaded = await upload(
    alice,
    { bytes: pngBytes(), name: 'shot.png' },
    { caseId, title: 'Bank screenshot' },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const evidence = uploaded.json() as { id: string; sha256: string };
  const { id } = await createEntry(alice, {
    caseId,
    description,
    identifierIds: [identifierId],
    evidence: [evidence.id],
  });
  await sign(alice, aliceKey, id);
  return { id, caseId, identifierId, evidence };
}

async function verify(id: string) {
  const res = await alice.get(`/api/journal-entries/${id}/verify`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { valid: boolean; info: Record<string, unknown> };
}

/** Replaces a stored file's bytes where the store keeps them (a file on disk, or a blob row). */
async function alterStoredFile(sha256: string) {
  if (t.database.kind === 'postgres') {
    await db().execute(sql`update evidence_blobs set bytes = ${pngBytes()} where sha256 = ${sha256}`);
    return;
  }
  const path = join(t.dataDir, 'evidence', sha256.slice(0, 2), sha256);
  await chmod(path, 0o644);
  await writeFile(path, pngBytes());
}

describe('verifying a signed entry', () => {
  it('answers valid with the signature info of the entry as stored', async () => {
    const { id } = await signedEntry();
    const res = await verify(id);
    expect(res).toEqual({
      valid: true,
      info: {
        valid: true,
        signerName: expect.stringMatching(/^Investigator Tester\d+$/),
        signerEmail: expect.stringContaining('@example.com'),
        passkeyName: 'Laptop',
        signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        signatureAlgorithm: 'ES256',
        invalidReason: null,
      },
    });
    expect((await alice.post(`/api/journal-entries/${id}/verify`)).json()).toEqual(res);
  });

  it('answers an unsigned entry not valid, saying it is not signed', async () => {
    const { id } = await createEntry(alice, {});
    expect(await verify(id)).toMatchObject({
      valid: false,
      info: { valid: false, invalidReason: 'This entry has not been digitally signed' },
    });
  });

  it('answers 404 for an entry of a case the caller may not see', async () => {
    const hidden = await insertCase(db(), originatorId, { groupId: await insertGroup(db()) });
    const admin = await signedIn(t, 'admin');
    const { id } = await createEntry(admin.client, { caseId: hidden });
    expect((await alice.get(`/api/journal-entries/${id}/verify`)).statusCode).toBe(404);
    expect((await alice.get(`/api/journal-entries/${id}/signature-bundle`)).statusCode).toBe(404);
  });

  it('detects a signed column edited in the database', async () => {
    const { id } = await signedEntry();
    await db().execute(sql`update journal_entries set description = 'Rewritten' where id = ${id}`);
    expect(await verify(id)).toMatchObject({
      valid: false,
      info: { invalidReason: 'The description changed after signing', signerName: expect.any(String) },
    });
  });

  it('detects an identifier relinked in the database', async () => {
    const { id, identifierId } = await signedEntry();
    const other = await insertIdentifier(db(), originatorId);
    await db().execute(
      sql`update journal_entry_identifiers set identifier_id = ${other}
        where journal_entry_id = ${id} and identifier_id = ${identifierId}`,
    );
    expect((await verify(id)).info.invalidReason).toBe('The linked identifiers changed after signing');
  });

  it("detects an evidence file's stored bytes altered", async () => {
    const { id, evidence } = await signedEntry();
    await alterStoredFile(evidence.sha256);
    expect((await verify(id)).info.invalidReason).toBe(
      "The file of evidence 'Bank screenshot' no longer matches its recorded SHA-256",
    );
  });

  it('names an altered evidence file only to a reader who may see it', async () => {
    const admin = await signedIn(t, 'admin');
    const adminKey = (await addPasskey(db(), admin.user.id)).authenticator;
    const hiddenCase = await insertCase(db(), originatorId, { groupId: await insertGroup(db()) });
    const uploaded = await upload(
      admin.client,
      { bytes: pngBytes(), name: 'hidden.png' },
      { caseId: hiddenCase, title: 'Secret ledger' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const hidden = uploaded.json() as { id: string; sha256: string };
    const caseId = await insertCase(db(), originatorId);
    const { id } = await createEntry(admin.client, { caseId, evidence: [hidden.id] });
    await sign(admin.client, adminKey, id);
    await alterStoredFile(hidden.sha256);
    const { caller: narrowKey } = await automationWithKey(t, admin.client, ['journal_entry.view']);
    for (const reader of [alice, narrowKey]) {
      const one = await reader.get(`/api/journal-entries/${id}/verify`);
      expect(one.json().info.invalidReason).toBe(UNSEEN_EVIDENCE_MISMATCH);
      const all = await reader.post(`/api/journal-entries/case/${caseId}/verify`, {});
      expect(all.statusCode, all.body).toBe(200);
      expect(all.body).toContain(UNSEEN_EVIDENCE_MISMATCH);
      expect(all.body).not.toContain('Secret ledger');
    }
    expect((await admin.client.get(`/api/journal-entries/${id}/verify`)).json().info.invalidReason).toBe(
      "The file of evidence 'Secret ledger' no longer matches its recorded SHA-256",
    );
  });

  it('detects the stored signature altered', async () => {
    const { id } = await signedEntry();
    await asAttacker(
      db(),
      sql`update journal_signatures set signature = ${Buffer.alloc(70, 1)} where journal_entry_id = ${id}`,
    );
    expect((await verify(id)).info.invalidReason).toBe(
      'The signature does not match: the signature does not verify with the public key',
    );
  });

  it('detects the signed content rewritten with the change, as the challenge committed to the old', async () => {
    const { id } = await signedEntry();
    await db().execute(sql`update journal_entries set type = 'call' where id = ${id}`);
    await asAttacker(
      db(),
      sql`update journal_signatures set canonical_content = replace(canonical_content, '"type":"note"', '"type":"call"')
        where journal_entry_id = ${id}`,
    );
    const reason = (await verify(id)).info.invalidReason as string;
    expect(reason).toContain('The signed content stored with the signature was altered');
  });
});

describe('verifying a whole case', () => {
  it('answers each signed entry and a summary over all, removed ones included', async () => {
    const { id: first, caseId } = await signedEntry();
    const second = await createEntry(alice, { caseId });
    await sign(alice, aliceKey, second.id);
    const tampered = await createEntry(alice, { caseId });
    await sign(alice, aliceKey, tampered.id);
    await db().execute(
      sql`update journal_entries set performed_at = now() - interval '1 day' where id = ${tampered.id}`,
    );
    const unsigned = await createEntry(alice, { caseId });
    const removedUnsigned = await createEntry(alice, { caseId });
    await alice.delete(`/api/journal-entries/${removedUnsigned.id}`);
    await alice.delete(`/api/journal-entries/${second.id}`);

    const res = await alice.post(`/api/journal-entries/case/${caseId}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ total: 5, valid: 2, invalid: 1, unsigned: 2 });
    const byId = new Map(body.results.map((r: { journalEntryId: string }) => [r.journalEntryId, r]));
    expect(byId.get(first)).toMatchObject({ valid: true });
    expect(byId.get(second.id)).toMatchObject({ valid: true });
    expect(byId.get(tampered.id)).toMatchObject({
      valid: false,
      info: { invalidReason: 'The time it was performed changed after signing' },
    });
    expect(byId.has(unsigned.id)).toBe(false);
  });

  it('answers 404 for a case the caller may not see', async () => {
    const hidden = await insertCase(db(), originatorId, { groupId: await insertGroup(db()) });
    expect((await alice.post(`/api/journal-entries/case/${hidden}/verify`)).statusCode).toBe(404);
  });
});

describe('the offline signature bundle', () => {
  async function runVerifier(bundle: unknown) {
    const file = join(t.dataDir, `bundle-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(bundle, null, 2));
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-bundle.ts', file], {
        cwd: repoRoot,
        // tsx would keep its compile cache in TMPDIR, this project's scratch directory, which must end empty.
        env: { ...process.env, TSX_DISABLE_CACHE: '1' },
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it('holds everything needed, and the CLI verifies it with no server; a modified one fails', async () => {
    const { id, evidence } = await signedEntry('Bundle me');
    const res = await alice.get(`/api/journal-entries/${id}/signature-bundle`);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = res.json();
    expect(bundle).toMatchObject({
      format: 'scamtrail-signature-bundle',
      version: 1,
      canonicalization: 'scamtrail-journal-entry-v1',
      content: { id, description: 'Bundle me', evidence: [{ id: evidence.id, sha256: evidence.sha256 }] },
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      rpId: 'localhost',
      origin: 'http://localhost:3000',
      signer: { name: expect.any(String), email: expect.any(String), passkeyName: 'Laptop' },
      algorithm: 'ES256',
      publicKeyJwk: { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) },
    });

    const good = await runVerifier(bundle);
    expect(good.code, good.stdout).toBe(0);
    for (const name of ['content-hash', 'client-data-challenge', 'rp-id-hash', 'user-present', 'signature']) {
      expect(good.stdout).toMatch(new RegExp(`PASS\\s+${name}`));
    }
    expect(good.stdout).toContain('VALID');

    const edited = await runVerifier({
      ...bundle,
      content: { ...bundle.content, description: 'Bundle you' },
    });
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/FAIL\s+content-hash/);

    const signature = Buffer.from(bundle.signature, 'base64url');
    signature[signature.length - 1] ^= 1;
    const forged = await runVerifier({ ...bundle, signature: signature.toString('base64url') });
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/FAIL\s+signature/);
  });

  it('of an entry changed in the database carries the content as it is now, which fails', async () => {
    const { id } = await signedEntry();
    await db().execute(sql`update journal_entries set description = 'Rewritten' where id = ${id}`);
    const bundle = (await alice.get(`/api/journal-entries/${id}/signature-bundle`)).json();
    const checked = await runVerifier(bundle);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/FAIL\s+content-hash/);
  });

  it("is refused to a reader who may not see every evidence item it names: it would show the item's id", async () => {
    const admin = await signedIn(t, 'admin');
    const adminKey = (await addPasskey(db(), admin.user.id)).authenticator;
    const hiddenCase = await insertCase(db(), originatorId, { groupId: await insertGroup(db()) });
    const hidden = (
      await admin.client.post('/api/evidence', { title: 'Hidden', body: 'x', caseId: hiddenCase })
    ).json() as { id: string };
    const { id } = await createEntry(admin.client, {
      caseId: await insertCase(db(), originatorId),
      evidence: [hidden.id],
    });
    await sign(admin.client, adminKey, id);
    const refused = await alice.get(`/api/journal-entries/${id}/signature-bundle`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(hidden.id);
    expect((await admin.client.get(`/api/journal-entries/${id}/signature-bundle`)).statusCode).toBe(200);
  });

  it('is refused to a reader without the view permission of a kind it names: it would show their ids and hashes', async () => {
    const { id } = await signedEntry('Signed for a narrow key');
    const read = async (scopes: Permission[]) => {
      const { caller } = await automationWithKey(t, (await signedIn(t, 'admin')).client, scopes);
      return caller.get(`/api/journal-entries/${id}/signature-bundle`);
    };
    const withoutEvidence = await read(['journal_entry.view', 'identifier.view']);
    expect(withoutEvidence.statusCode).toBe(403);
    expect(withoutEvidence.json().error.message).toBe(UNREADABLE_KIND('evidence'));
    const withoutIdentifiers = await read(['journal_entry.view', 'evidence.view']);
    expect(withoutIdentifiers.statusCode).toBe(403);
    expect(withoutIdentifiers.json().error.message).toBe(UNREADABLE_KIND('identifiers'));
    expect((await read(['journal_entry.view', 'evidence.view', 'identifier.view'])).statusCode).toBe(200);
    // An entry naming neither is given to whoever reads entries.
    const { id: plain } = await createEntry(alice, { caseId: await insertCase(db(), originatorId) });
    await sign(alice, aliceKey, plain);
    const { caller } = await automationWithKey(t, (await signedIn(t, 'admin')).client, [
      'journal_entry.view',
    ]);
    expect((await caller.get(`/api/journal-entries/${plain}/signature-bundle`)).statusCode).toBe(200);
  });

  it('answers 404 for an unsigned entry', async () => {
    const { id } = await createEntry(alice, {});
    expect((await alice.get(`/api/journal-entries/${id}/signature-bundle`)).statusCode).toBe(404);
  });
});
