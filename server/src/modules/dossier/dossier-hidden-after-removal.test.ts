import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import type { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { buildEvidenceApp, type EvidenceTestApp } from '../evidence/evidence-test-fixtures';
import { addPasskey, createEntry } from '../signatures/signature-test-fixtures';
import { EVIDENCE_NOW_HIDDEN } from './dossier-signing.service';

/**
 * A signed dossier is prepared first and downloaded after the passkey signs it, up to 15 minutes
 * later. The download checks that the caller still sees the case, but streams the files prepared
 * then: evidence of another case that an entry links to, taken in because the exporter saw it at the
 * time. Removed from that case's group in between, the exporter must not receive that evidence (its
 * title, its bytes), any more than they may open it (404): "removed from a group, they lose it at once".
 */

let t: EvidenceTestApp;
let admin: Client;
let member: Client;
let memberId: string;
let memberKey: SoftwareAuthenticator;
let groupId: string;
let marker: string;
let groupedEvidenceId: string;
let openCaseId: string;

function ok(res: { statusCode: number; body: string }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body);
}

beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  const m = await signedIn(t, 'investigator');
  member = m.client;
  memberId = m.user.id;
  memberKey = (await addPasskey(t.database.db, m.user.id)).authenticator;
  marker = `groupsecret${randomBytes(4).toString('hex')}`;
  groupId = ok(await admin.post('/api/groups', { name: 'Dossier group', userIds: [memberId] })).id;
  const groupedCaseId = ok(await member.post('/api/cases', { title: 'Grouped', groupId })).id;
  groupedEvidenceId = ok(
    await member.post('/api/evidence', {
      title: `Group evidence ${marker}`,
      body: `Group text ${marker}`,
      caseId: groupedCaseId,
    }),
  ).id;
  openCaseId = ok(await member.post('/api/cases', { title: 'Open case' })).id;
  // An entry of the open case links the group's evidence (the member sees both).
  await createEntry(member, {
    caseId: openCaseId,
    description: 'See the group evidence',
    evidence: [groupedEvidenceId],
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a signed dossier downloaded after the exporter left the group', () => {
  it('does not carry the evidence of the group prepared while they were in it', async () => {
    const begun = ok(await member.post(`/api/cases/${openCaseId}/dossier/sign/begin`), 200) as {
      exportId: string;
      options: Parameters<SoftwareAuthenticator['assert']>[0];
    };
    // Removed from the group: the evidence is now hidden from them.
    ok(await admin.delete(`/api/groups/${groupId}/members/${memberId}`), 200);
    expect((await member.get(`/api/evidence/${groupedEvidenceId}`)).statusCode).toBe(404);

    const signed = ok(
      await member.post(`/api/cases/${openCaseId}/dossier/sign/complete`, {
        exportId: begun.exportId,
        response: memberKey.assert(begun.options),
      }),
      200,
    ) as { downloadUrl: string };
    const res = await member.get(signed.downloadUrl);
    // Refused whole: the signature covers the manifest, which names the evidence.
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(EVIDENCE_NOW_HIDDEN);
    expect(res.body).not.toContain(marker);

    // Back in the group, the same signed export downloads, the group's evidence in it (the package is
    // stored uncompressed, so its text shows as is).
    ok(await admin.post(`/api/groups/${groupId}/members`, { userId: memberId }), 200);
    const again = await member.get(signed.downloadUrl);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.toString('latin1')).toContain(marker);
  });
});
