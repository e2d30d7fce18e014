import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Client } from '../../../test/helpers';
import { automationWithKey } from '../../../test/originator-helpers';
import {
  buildEvidenceApp,
  custodyActions,
  insertCase,
  pdfBytes,
  pngBytes,
  sha256,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

let t: EvidenceTestApp;
let admin: Client;
let investigator: Client;
let investigatorName: string;
let originatorId: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  admin = (await signedIn(t, 'admin')).client;
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  investigatorName = signed.user.fullName;
  originatorId = signed.user.originatorId;
});
afterAll(async () => {
  await t.close();
});

describe('downloading a file', () => {
  it('sends the stored bytes as an attachment with the sniffed type and nosniff', async () => {
    const bytes = pdfBytes();
    const { id } = (
      await upload(investigator, { name: "Überweisung März (1)'s.png", type: 'image/png', bytes })
    ).json();
    const res = await investigator.get(`/api/evidence/${id}/content`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_berweisung M_rz (1)'s.png"; filename*=UTF-8''%C3%9Cberweisung%20M%C3%A4rz%20%281%29%27s.png`,
    );
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('serves text as text/plain in UTF-8, never as HTML, and never re-encoded', async () => {
    // Large enough that the API would compress it: evidence goes out byte for byte.
    const page = Buffer.from(`<!doctype html><script>alert(1)</script>${' '.repeat(8192)}`);
    const { id } = (await upload(investigator, { name: 'page.html', type: 'text/html', bytes: page })).json();
    const res = await investigator.request({
      method: 'GET',
      url: `/api/evidence/${id}/content`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(page.length));
    expect(res.rawPayload.equals(page)).toBe(true);
  });

  it('shows raster images inline on request, and nothing else', async () => {
    const png = pngBytes();
    const image = (await upload(investigator, { name: 'shot.png', bytes: png })).json();
    const inline = await investigator.get(`/api/evidence/${image.id}/content?disposition=inline`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="shot.png"/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const drawing = (await upload(investigator, { name: 'x.svg', type: 'image/svg+xml', bytes: svg })).json();
    const refused = await investigator.get(`/api/evidence/${drawing.id}/content?disposition=inline`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields[0].field).toBe('disposition');
  });

  it('has nothing to download for written evidence (its text is the body)', async () => {
    const { id } = (await investigator.post('/api/evidence', { title: 'Note', body: 'Words' })).json();
    const res = await investigator.get(`/api/evidence/${id}/content`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/Written evidence has no file/);
  });
});

describe('the chain of custody', () => {
  it('records added, viewed, downloaded, linked and verified, in order, with who did it', async () => {
    const bytes = pngBytes();
    const { id } = (await upload(investigator, { name: 'chat.png', bytes })).json();
    expect((await investigator.get(`/api/evidence/${id}`)).statusCode).toBe(200);
    expect((await investigator.get(`/api/evidence/${id}/content`)).statusCode).toBe(200);
    const caseId = await insertCase(t.database.db, originatorId);
    expect((await investigator.patch(`/api/evidence/${id}`, { caseId })).statusCode).toBe(200);
    expect((await admin.post(`/api/evidence/${id}/verify`)).json().matches).toBe(true);
    expect(await custodyActions(t.database.db, id)).toEqual([
      'added',
      'viewed',
      'downloaded',
      'linked',
      'verified',
    ]);

    const res = await investigator.get(`/api/evidence/${id}/custody`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination).toMatchObject({ page: 1, totalItems: 5, totalPages: 1 });
    expect(data[0]).toMatchObject({
      action: 'added',
      actor: { kind: 'user', name: investigatorName },
      detail: { sha256: sha256(bytes), size: bytes.length, mediaType: 'image/png' },
    });
    expect(data[3]).toMatchObject({ action: 'linked', detail: { caseId } });
    expect(data[4]).toMatchObject({ action: 'verified', detail: { matches: true, sha256: sha256(bytes) } });
    expect(data[4].actor.name).not.toBe(investigatorName);
  });

  it('pages oldest first', async () => {
    const { id } = (await upload(investigator, { name: 'paged.png', bytes: pngBytes() })).json();
    for (let i = 0; i < 3; i += 1) await investigator.get(`/api/evidence/${id}`);
    const second = (await investigator.get(`/api/evidence/${id}/custody?page=2&pageSize=2`)).json();
    expect(second.pagination).toMatchObject({ page: 2, pageSize: 2, totalItems: 4, totalPages: 2 });
    expect(second.data.map((e: { action: string }) => e.action)).toEqual(['viewed', 'viewed']);
    const first = (await investigator.get(`/api/evidence/${id}/custody?pageSize=2`)).json();
    expect(first.data[0].id).toBeLessThan(first.data[1].id);
    expect(first.data[1].id).toBeLessThan(second.data[0].id);
  });

  it("names an API key's automation as the actor", async () => {
    const { automation, caller } = await automationWithKey(t, admin, ['evidence.view', 'evidence.create']);
    const created = await caller.post('/api/evidence', { title: 'From the scanner', body: 'Detected text' });
    expect(created.statusCode).toBe(201);
    expect(created.json().originator).toMatchObject({ type: 'automation', name: automation.systemName });
    const { data } = (await caller.get(`/api/evidence/${created.json().id}/custody`)).json();
    expect(data[0]).toMatchObject({
      action: 'added',
      actor: { kind: 'api_key', name: automation.systemName },
    });
  });

  it('records nothing for a refused read', async () => {
    const viewer = (await signedIn(t, 'viewer')).client;
    const { id } = (await upload(investigator, { name: 'kept.png', bytes: pngBytes() })).json();
    expect((await viewer.post(`/api/evidence/${id}/identifiers/${crypto.randomUUID()}`)).statusCode).toBe(
      403,
    );
    expect((await investigator.get(`/api/evidence/${crypto.randomUUID()}/content`)).statusCode).toBe(404);
    expect(await custodyActions(t.database.db, id)).toEqual(['added']);
  });
});
