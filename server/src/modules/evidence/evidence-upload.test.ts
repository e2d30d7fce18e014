import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, signedIn, type Client } from '../../../test/helpers';
import { createCommunityMemberVia } from '../../../test/originator-helpers';
import {
  buildEvidenceApp,
  evidenceFootprint,
  insertCase,
  insertTag,
  pdfBytes,
  pngBytes,
  sha256,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

let t: EvidenceTestApp;
let investigator: Client;
let viewer: Client;
let originatorId: string;
beforeAll(async () => {
  t = await buildEvidenceApp({ MAX_UPLOAD_MB: '1' });
  const signed = await signedIn(t, 'investigator');
  investigator = signed.client;
  originatorId = signed.user.originatorId;
  viewer = (await signedIn(t, 'viewer')).client;
});
afterAll(async () => {
  await t.close();
});

describe('uploading a file', () => {
  it('sniffs the media type and kind from the bytes, whatever the declared type and name', async () => {
    const png = pngBytes();
    const res = await upload(investigator, { name: 'contract.pdf', type: 'application/pdf', bytes: png });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'screenshot',
      mediaType: 'image/png',
      fileName: 'contract.pdf',
      title: 'contract.pdf',
      size: png.length,
      sha256: sha256(png),
      body: null,
      case: null,
      journalEntryCount: 0,
      identifierCount: 0,
    });
    expect(res.json().originator).toMatchObject({ type: 'team_member', proxy: null });

    const pdf = pdfBytes();
    const doc = await upload(investigator, { name: 'photo.png', type: 'image/png', bytes: pdf });
    expect(doc.json()).toMatchObject({ kind: 'document', mediaType: 'application/pdf', sha256: sha256(pdf) });
  });

  it('serves text it cannot recognise as text/plain, and other bytes as application/octet-stream', async () => {
    const html = Buffer.from('<html><script>alert(1)</script> café</html>');
    const text = await upload(investigator, { name: 'page.html', type: 'text/html', bytes: html });
    expect(text.json()).toMatchObject({ kind: 'document', mediaType: 'text/plain' });
    const binary = Buffer.from([0x00, 0xff, 0xfe, 0x13, 0x00, 0x80, 0x81]);
    const other = await upload(investigator, { name: 'x.jpg', type: 'image/jpeg', bytes: binary });
    expect(other.json()).toMatchObject({ kind: 'document', mediaType: 'application/octet-stream' });
  });

  it('takes the title, description, case and tags from the form (tags repeated or comma-separated)', async () => {
    const caseId = await insertCase(t.database.db, originatorId);
    const [a, b, c] = [
      await insertTag(t.database.db),
      await insertTag(t.database.db),
      await insertTag(t.database.db),
    ];
    const res = await upload(
      investigator,
      { name: 'C:\\Users\\ana\\chat.png', bytes: pngBytes() },
      {
        title: '  Chat with the "broker"  ',
        description: 'From the victim',
        caseId,
        tagIds: [`${a},${b}`, c],
      },
    );
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      title: 'Chat with the "broker"',
      description: 'From the victim',
      fileName: 'chat.png',
    });
    expect(item.case).toMatchObject({ id: caseId, status: 'open' });
    expect(item.tags.map((tag: { id: string }) => tag.id).sort()).toEqual([a, b, c].sort());
  });

  it('keeps identical content once: two items, one stored file', async () => {
    const bytes = pngBytes();
    const before = await evidenceFootprint(t);
    const first = await upload(investigator, { name: 'one.png', bytes });
    const second = await upload(investigator, { name: 'two.png', bytes });
    expect(first.json().sha256).toBe(second.json().sha256);
    const after = await evidenceFootprint(t);
    expect(after.evidence).toBe(before.evidence + 2);
    if (t.database.kind === 'pglite') expect(after.files.length).toBe(before.files.length + 1);
    else expect(after.blobs).toBe(before.blobs + 1);
  });

  it('takes several files for one case at once (as a drop of many files sends them)', async () => {
    const caseId = await insertCase(t.database.db, originatorId);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(investigator, { name: `drop-${i}.png`, bytes: pngBytes() }, { caseId }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    const listed = (await investigator.get(`/api/evidence?caseId=${caseId}`)).json();
    expect(listed.pagination.totalItems).toBe(6);
  });

  it('accepts written evidence as JSON, hashed as its UTF-8 text', async () => {
    const body = 'He said: send 2 BTC to “the wallet” today.';
    const res = await investigator.post('/api/evidence', { title: 'Call transcript', body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'written',
      body,
      mediaType: null,
      fileName: null,
      size: Buffer.byteLength(body),
      sha256: sha256(body),
    });
  });
});

describe('a file a community member reported, uploaded on their behalf', () => {
  let memberId: string;
  beforeAll(async () => {
    const admin = (await signedIn(t, 'admin')).client;
    memberId = (await createCommunityMemberVia(admin)).id;
  });

  it('is originated by the member, with the uploader as its proxy (the onBehalfOfOriginatorId field)', async () => {
    const res = await upload(
      investigator,
      { name: 'chat.png', bytes: pngBytes() },
      { onBehalfOfOriginatorId: memberId },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { originator } = res.json();
    expect(originator).toMatchObject({ id: memberId, type: 'community_member' });
    expect(originator.proxy).toMatchObject({ id: originatorId, type: 'team_member' });
  });

  it("is the uploader's own when the field is empty", async () => {
    const res = await upload(
      investigator,
      { name: 'chat.png', bytes: pngBytes() },
      { onBehalfOfOriginatorId: '' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().originator).toMatchObject({ id: originatorId, proxy: null });
  });

  it('is refused, naming the field, for an originator that does not exist, keeping nothing', async () => {
    const before = await evidenceFootprint(t);
    const res = await upload(
      investigator,
      { name: 'chat.png', bytes: pngBytes() },
      { onBehalfOfOriginatorId: '00000000-0000-4000-8000-000000000000' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields).toEqual([
      { field: 'onBehalfOfOriginatorId', message: 'Originator not found' },
    ]);
    expect(await evidenceFootprint(t)).toEqual(before);
  });
});

describe('upload limits', () => {
  it('answers 413 just above MAX_UPLOAD_MB, keeping no row, no file and no temporary file', async () => {
    const before = await evidenceFootprint(t);
    const bytes = Buffer.concat([pngBytes(), Buffer.alloc(1024 * 1024)]);
    const res = await upload(investigator, { name: 'big.png', bytes });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await evidenceFootprint(t)).toEqual(before);
  });

  it('refuses a body declared far larger than the limit before reading it', async () => {
    const before = await evidenceFootprint(t);
    const res = await upload(investigator, { name: 'huge.bin', bytes: Buffer.alloc(6 * 1024 * 1024, 7) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await evidenceFootprint(t)).toEqual(before);
  });

  it('accepts a file of exactly the limit', async () => {
    const png = pngBytes();
    const bytes = Buffer.concat([png, Buffer.alloc(1024 * 1024 - png.length, 1)]);
    const res = await upload(investigator, { name: 'exact.png', bytes });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ size: 1024 * 1024, sha256: sha256(bytes), mediaType: 'image/png' });
  });
});

describe('a database fault during an upload', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    'answers 503 with Retry-After and keeps nothing, not even the chunks written before it',
    async () => {
      const db = t.database.db;
      // The second write of chunks (from the 129th on) times out; the first has committed by then.
      await db.execute(sql`create function fail_late_chunks() returns trigger language plpgsql as $$
        begin
          if new.seq >= 128 then raise exception 'canceling statement due to statement timeout' using errcode = '57014'; end if;
          return new;
        end $$`);
      await db.execute(
        sql`create trigger fail_late_chunks before insert on evidence_chunks for each row execute function fail_late_chunks()`,
      );
      try {
        const before = await evidenceFootprint(t);
        const png = pngBytes();
        const bytes = Buffer.concat([png, randomBytes(1024 * 1024 - png.length)]);
        const res = await upload(investigator, { name: 'cut.png', bytes });
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(await evidenceFootprint(t)).toEqual(before);
      } finally {
        await db.execute(sql`drop trigger fail_late_chunks on evidence_chunks`);
        await db.execute(sql`drop function fail_late_chunks`);
      }
    },
  );
});

describe('who may upload', () => {
  it('a viewer cannot upload a file or add written evidence (403), and nothing is kept', async () => {
    const before = await evidenceFootprint(t);
    expect((await upload(viewer, { name: 'x.png', bytes: pngBytes() })).statusCode).toBe(403);
    expect((await viewer.post('/api/evidence', { title: 'x', body: 'y' })).statusCode).toBe(403);
    expect(await evidenceFootprint(t)).toEqual(before);
  });

  it('an anonymous caller gets 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/evidence',
      headers: { origin: PUBLIC_URL },
      payload: { title: 'x', body: 'y' },
    });
    expect(res.statusCode).toBe(401);
  });
});
