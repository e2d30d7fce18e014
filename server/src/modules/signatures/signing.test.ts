import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalSignatures, passkeys, webauthnChallenges } from '../../db/schema/index';
import { buildTestApp, PUBLIC_URL, signedIn, type Client, type TestApp } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import {
  auditRows,
  insertCase,
  insertEvidence,
  insertIdentifier,
} from '../journal-entries/journal-entry-test-fixtures';
import { canonicalJson, sha256Hex } from './bundle-verifier';
import { addPasskey, beginSigning, createEntry, RP_ID, sign, signWith } from './signature-test-fixtures';

let t: TestApp;
let alice: Client;
let aliceIds: { id: string; originatorId: string };
let aliceKey: SoftwareAuthenticator;
let bob: Client;
let bobKey: SoftwareAuthenticator;
let caseId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await signedIn(t, 'investigator');
  alice = a.client;
  aliceIds = a.user;
  aliceKey = (await addPasskey(db(), a.user.id)).authenticator;
  const b = await signedIn(t, 'investigator');
  bob = b.client;
  bobKey = (await addPasskey(db(), b.user.id)).authenticator;
  caseId = await insertCase(db(), a.user.originatorId);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function signatureCount(entryId: string) {
  const rows = await db()
    .select({ id: journalSignatures.id })
    .from(journalSignatures)
    .where(eq(journalSignatures.journalEntryId, entryId));
  return rows.length;
}

describe('signing an entry with a passkey', () => {
  it("begin answers a challenge committing to the content, limited to the caller's passkeys", async () => {
    const { id } = await createEntry(alice, { caseId, description: 'Called the bank' });
    const begun = await beginSigning(alice, id);
    const challenge = Buffer.from(begun.signingChallenge, 'base64url');
    expect(challenge).toHaveLength(48);
    expect(begun.options).toMatchObject({
      challenge: begun.signingChallenge,
      rpId: RP_ID,
      userVerification: 'preferred',
      timeout: 60000,
      allowCredentials: [{ id: aliceKey.credentials[0].id, type: 'public-key' }],
    });
    const [stored] = await db()
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, begun.signingChallenge));
    expect(stored).toMatchObject({ purpose: 'signing', userId: aliceIds.id, journalEntryId: id });
    expect(challenge.subarray(0, 32).toString('hex')).toBe(stored.contentHash);
  });

  it('complete stores the signature with everything needed to verify it, and the entry shows it', async () => {
    const identifierId = await insertIdentifier(db(), aliceIds.originatorId);
    const evidenceId = await insertEvidence(db(), aliceIds.originatorId, { caseId });
    const { id } = await createEntry(alice, {
      caseId,
      description: 'Signed statement',
      identifierIds: [identifierId],
      evidence: [evidenceId],
    });
    const entry = await sign(alice, aliceKey, id);
    expect(entry).toMatchObject({ id, isSigned: true });
    expect(entry.signedBy).toMatch(/^Investigator Tester\d+$/);

    const [row] = await db().select().from(journalSignatures).where(eq(journalSignatures.journalEntryId, id));
    expect(row).toMatchObject({
      signerUserId: aliceIds.id,
      signerEmail: expect.stringContaining('@example.com'),
      passkeyName: 'Laptop',
      credentialId: aliceKey.credentials[0].id,
      algorithm: 'ES256',
      canonicalizationVersion: 'scamtrail-journal-entry-v1',
      rpId: RP_ID,
      origin: PUBLIC_URL,
    });
    const content = JSON.parse(row.canonicalContent);
    expect(content).toMatchObject({
      v: 'scamtrail-journal-entry-v1',
      id,
      caseId,
      description: 'Signed statement',
      identifierIds: [identifierId],
      evidence: [{ id: evidenceId, sha256: null }],
    });
    expect(canonicalJson(content)).toBe(row.canonicalContent);
    expect(sha256Hex(row.canonicalContent)).toBe(row.contentHash);
    expect(Buffer.from(row.challengeNonce, 'base64url')).toHaveLength(16);

    // The passkey's counter and last use move; the audit trail has the signing.
    const [passkey] = await db().select().from(passkeys).where(eq(passkeys.credentialId, row.credentialId));
    expect(passkey.counter).toBe(aliceKey.credentials[0].counter);
    expect(passkey.lastUsedAt).not.toBeNull();
    expect((await auditRows(db(), id)).map((a) => a.type)).toContain('journal_entry.signed');

    // Every answer of the entry says it is signed: one entry, and the case's journal.
    expect((await alice.get(`/api/journal-entries/${id}`)).json()).toMatchObject({ isSigned: true });
    const page = (await alice.get(`/api/cases/${caseId}/journal-entries?pageSize=100`)).json();
    expect(page.data.find((e: { id: string }) => e.id === id)).toMatchObject({
      isSigned: true,
      signedBy: entry.signedBy,
    });
  });

  it('an entry in no case can be signed too', async () => {
    const { id } = await createEntry(alice, {});
    expect((await sign(alice, aliceKey, id)).isSigned).toBe(true);
  });
});

describe('what signing refuses', () => {
  it("refuses anyone but the entry's originator (403), even an administrator", async () => {
    const { id } = await createEntry(alice, { caseId });
    expect((await bob.post(`/api/journal-entries/${id}/sign/begin`)).statusCode).toBe(403);
    const admin = await signedIn(t, 'admin');
    expect((await admin.client.post(`/api/journal-entries/${id}/sign/begin`)).statusCode).toBe(403);
    // Nor can Bob complete with a challenge Alice began.
    const { options } = await beginSigning(alice, id);
    const response = bobKey.assert(options, {}, bobKey.credentials[0]);
    expect((await bob.post(`/api/journal-entries/${id}/sign/complete`, { response })).statusCode).toBe(400);
    expect(await signatureCount(id)).toBe(0);
  });

  it('answers 404 for an entry the caller may not see', async () => {
    const res = await alice.post(`/api/journal-entries/${crypto.randomUUID()}/sign/begin`);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a removed entry and an entry already signed (409)', async () => {
    const removed = await createEntry(alice, { caseId });
    await alice.delete(`/api/journal-entries/${removed.id}`);
    expect((await alice.post(`/api/journal-entries/${removed.id}/sign/begin`)).statusCode).toBe(409);

    const signed = await createEntry(alice, { caseId });
    await sign(alice, aliceKey, signed.id);
    const again = await alice.post(`/api/journal-entries/${signed.id}/sign/begin`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already signed/);
  });

  it('a second signing begun before the first completed is refused (409)', async () => {
    const { id } = await createEntry(alice, { caseId });
    const first = await beginSigning(alice, id);
    const second = await beginSigning(alice, id);
    const ok = await alice.post(`/api/journal-entries/${id}/sign/complete`, {
      response: aliceKey.assert(first.options),
    });
    expect(ok.statusCode).toBe(200);
    const late = await alice.post(`/api/journal-entries/${id}/sign/complete`, {
      response: aliceKey.assert(second.options),
    });
    expect(late.statusCode).toBe(409);
    expect(await signatureCount(id)).toBe(1);
  });

  it('tells a caller without a passkey to add one on their profile (409)', async () => {
    const carol = await signedIn(t, 'investigator');
    const { id } = await createEntry(carol.client, { caseId });
    const res = await carol.client.post(`/api/journal-entries/${id}/sign/begin`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/add one on your profile/);
  });

  it('refuses a challenge the server never issued, and one replayed', async () => {
    const { id } = await createEntry(alice, { caseId });
    const wrong = await signWith(alice, aliceKey, id, {
      challenge: Buffer.alloc(48, 7).toString('base64url'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/does not match a challenge/);

    const { options } = await beginSigning(alice, id);
    const response = aliceKey.assert(options);
    expect((await alice.post(`/api/journal-entries/${id}/sign/complete`, { response })).statusCode).toBe(200);
    const replay = await alice.post(`/api/journal-entries/${id}/sign/complete`, { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/already been used/);
  });

  it('refuses an expired challenge', async () => {
    const { id } = await createEntry(alice, { caseId });
    const { options, signingChallenge } = await beginSigning(alice, id);
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.challenge, signingChallenge));
    const res = await alice.post(`/api/journal-entries/${id}/sign/complete`, {
      response: aliceKey.assert(options),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired/);
    expect(await signatureCount(id)).toBe(0);
  });

  it('refuses a challenge issued for another entry', async () => {
    const a = await createEntry(alice, { caseId });
    const b = await createEntry(alice, { caseId });
    const { options } = await beginSigning(alice, a.id);
    const res = await alice.post(`/api/journal-entries/${b.id}/sign/complete`, {
      response: aliceKey.assert(options),
    });
    expect(res.statusCode).toBe(400);
    expect(await signatureCount(b.id)).toBe(0);
  });

  it("refuses another user's passkey", async () => {
    const { id } = await createEntry(alice, { caseId });
    const { options } = await beginSigning(alice, id);
    const response = bobKey.assert(options, {}, bobKey.credentials[0]);
    const res = await alice.post(`/api/journal-entries/${id}/sign/complete`, { response });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not one of yours/);
    expect(await signatureCount(id)).toBe(0);
  });

  it.each([
    ['a wrong origin', { origin: 'https://evil.example' }],
    ['a wrong RP ID', { rpId: 'evil.example' }],
    ['no user presence', { withoutUserPresence: true }],
    ['a registration instead of an assertion', { type: 'webauthn.create' }],
  ])('refuses an assertion with %s', async (_what, overrides) => {
    const { id } = await createEntry(alice, { caseId });
    const res = await signWith(alice, aliceKey, id, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/could not be verified/);
    expect(await signatureCount(id)).toBe(0);
  });

  it('refuses a signature over content that changed between begin and complete (409)', async () => {
    const { id } = await createEntry(alice, { caseId, description: 'First words' });
    const { options } = await beginSigning(alice, id);
    expect((await alice.patch(`/api/journal-entries/${id}`, { description: 'Other words' })).statusCode).toBe(
      200,
    );
    const res = await alice.post(`/api/journal-entries/${id}/sign/complete`, {
      response: aliceKey.assert(options),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/changed after signing began/);
    expect(await signatureCount(id)).toBe(0);
  });
});

describe('a signed entry', () => {
  it('cannot be edited, relinked or have its evidence or identifiers changed (409 naming why)', async () => {
    const identifierId = await insertIdentifier(db(), aliceIds.originatorId);
    const evidenceId = await insertEvidence(db(), aliceIds.originatorId, { caseId });
    const { id } = await createEntry(alice, { caseId, identifierIds: [identifierId] });
    await sign(alice, aliceKey, id);
    const otherIdentifier = await insertIdentifier(db(), aliceIds.originatorId);
    const refused = [
      await alice.patch(`/api/journal-entries/${id}`, { description: 'Corrected' }),
      await alice.post(`/api/journal-entries/${id}/evidence/${evidenceId}`),
      await alice.post(`/api/journal-entries/${id}/identifiers/${otherIdentifier}`),
      await alice.delete(`/api/journal-entries/${id}/identifiers/${identifierId}`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This entry is signed; a correction is a new entry');
    }

    const loose = await createEntry(alice, {});
    await sign(alice, aliceKey, loose.id);
    const relink = await alice.post(`/api/cases/${caseId}/journal-entries`, { journalEntryId: loose.id });
    expect(relink.statusCode).toBe(409);
    expect(relink.json().error.message).toMatch(/signed/);
  });

  it('can still be removed, and its signature stays valid', async () => {
    const { id } = await createEntry(alice, { caseId });
    await sign(alice, aliceKey, id);
    const removed = await alice.post(`/api/journal-entries/${id}/remove`, { reason: 'Duplicate', caseId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ isNullified: true, isSigned: true });
    const verified = (await alice.get(`/api/journal-entries/${id}/verify`)).json();
    expect(verified).toMatchObject({ valid: true, info: { valid: true, signatureAlgorithm: 'ES256' } });
  });
});
