import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidence, evidenceBlobs } from '../../db/schema/index';
import { buildApp } from '../../app';
import { clientWithHeaders, signedIn, type Client } from '../../../test/helpers';
import { blobEvidenceStore } from './evidence-blob-store';
import { diskEvidenceStore } from './evidence-disk-store';
import type { EvidenceStore } from './evidence-store-contract';
import { readingThrough } from './evidence-store';
import { mediaTypeSniffer } from './media-type';
import {
  buildEvidenceApp,
  custodyActions,
  pngBytes,
  sha256,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

let t: EvidenceTestApp;
let investigator: Client;
let scratch: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  investigator = (await signedIn(t, 'investigator')).client;
  scratch = await mkdtemp(join(tmpdir(), 'scamtrail-store-'));
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

/** An upload's bytes as they arrive: in pieces of at most 64 KiB, as a request body comes. */
function arriving(content: string | Buffer): Readable {
  const bytes = Buffer.from(content);
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
    pieces.push(bytes.subarray(offset, offset + 64 * 1024));
  }
  return Readable.from(pieces);
}

/** Replaces the stored bytes of a hash behind the store's back, as a failing disk or an intruder would. */
type Tamper = (hash: string, bytes: Buffer | null) => Promise<void>;

function diskTamper(root: string): Tamper {
  return async (hash, bytes) => {
    const path = join(root, hash.slice(0, 2), hash);
    if (bytes === null) return rm(path);
    await chmod(path, 0o644);
    await writeFile(path, bytes);
  };
}

const blobTamper: Tamper = async (hash, bytes) => {
  const db = t.database.db;
  if (bytes === null) await db.delete(evidenceBlobs).where(eq(evidenceBlobs.sha256, hash));
  else await db.update(evidenceBlobs).set({ bytes }).where(eq(evidenceBlobs.sha256, hash));
};

const backends: { name: string; make: () => { store: EvidenceStore; tamper: Tamper } }[] = [
  {
    name: 'files on disk (PGlite)',
    make: () => {
      const root = join(scratch, `disk-${Math.random().toString(36).slice(2)}`);
      return { store: diskEvidenceStore(root), tamper: diskTamper(root) };
    },
  },
  {
    name: 'the evidence_blobs table (PostgreSQL)',
    make: () => ({ store: blobEvidenceStore(t.database.db), tamper: blobTamper }),
  },
  {
    name: 'files on disk reading through to the chunks (PostgreSQL with EVIDENCE_DIR)',
    make: () => {
      const root = join(scratch, `shared-${Math.random().toString(36).slice(2)}`);
      return {
        store: readingThrough(diskEvidenceStore(root), blobEvidenceStore(t.database.db)),
        tamper: diskTamper(root),
      };
    },
  },
];

describe.each(backends)('content-addressed storage: $name', ({ make }) => {
  it('keeps the bytes under their SHA-256, hashed and sniffed as they arrived', async () => {
    const { store } = make();
    const expected = `evidence ${Math.random()}`;
    const incoming = await store.receive(arriving(expected));
    expect(incoming).toMatchObject({
      sha256: sha256(expected),
      size: Buffer.byteLength(expected),
      mediaType: 'text/plain',
    });
    await incoming.keep(t.database.db);
    await incoming.discard();
    const content = await store.open(incoming.sha256);
    expect(content?.size).toBe(Buffer.byteLength(expected));
    expect(await text(content!.stream)).toBe(expected);
    expect(await store.rehash(incoming.sha256)).toBe(incoming.sha256);
  });

  it('reads back a file of many chunks in order, and rehashes it and small ones in one call', async () => {
    const { store } = make();
    const large = Buffer.concat([pngBytes(), randomBytes(3 * 1024 * 1024 + 123)]);
    const small = [`one ${Math.random()}`, `two ${Math.random()}`];
    const kept = [];
    for (const bytes of [large, ...small]) {
      const incoming = await store.receive(arriving(bytes));
      await incoming.keep(t.database.db);
      kept.push(incoming);
    }
    expect(kept[0]).toMatchObject({ sha256: sha256(large), size: large.length, mediaType: 'image/png' });
    const content = await store.open(sha256(large));
    expect(content?.size).toBe(large.length);
    expect((await buffer(content!.stream)).equals(large)).toBe(true);
    const digests = await store.rehashMany([...kept.map((k) => k.sha256), sha256('never stored')]);
    expect([...digests.values()]).toEqual([...kept.map((k) => k.sha256), null]);
  });

  it('drops what it received when the upload is discarded', async () => {
    const { store } = make();
    const incoming = await store.receive(arriving(`dropped ${Math.random()}`));
    await incoming.discard();
    expect(await store.open(incoming.sha256)).toBeNull();
  });

  it('keeps what is already stored under a hash when the same content comes again', async () => {
    const { store, tamper } = make();
    const content = `same ${Math.random()}`;
    const first = await store.receive(arriving(content));
    await first.keep(t.database.db);
    await tamper(first.sha256, Buffer.from('kept as it was'));
    const again = await store.receive(arriving(content));
    await again.keep(t.database.db);
    await again.discard();
    expect(await text((await store.open(first.sha256))!.stream)).toBe('kept as it was');
  });

  it('notices changed bytes and answers null for missing ones', async () => {
    const { store, tamper } = make();
    const incoming = await store.receive(arriving(`original ${Math.random()}`));
    await incoming.keep(t.database.db);
    await tamper(incoming.sha256, Buffer.from('altered'));
    expect(await store.rehash(incoming.sha256)).toBe(sha256('altered'));
    await tamper(incoming.sha256, null);
    expect(await store.rehash(incoming.sha256)).toBeNull();
    expect(await store.open(incoming.sha256)).toBeNull();
  });
});

describe('POST /api/evidence/{id}/verify', () => {
  const tamper: () => Tamper = () =>
    t.database.kind === 'pglite' ? diskTamper(join(t.dataDir, 'evidence')) : blobTamper;

  it('matches while the stored bytes are intact, then reports altered and missing bytes', async () => {
    const bytes = pngBytes();
    const { id } = (await upload(investigator, { name: 'proof.png', bytes })).json();
    const intact = await investigator.post(`/api/evidence/${id}/verify`);
    expect(intact.statusCode).toBe(200);
    expect(intact.json()).toEqual({ sha256: sha256(bytes), matches: true });

    await tamper()(sha256(bytes), Buffer.from('not the original'));
    expect((await investigator.post(`/api/evidence/${id}/verify`)).json()).toEqual({
      sha256: sha256('not the original'),
      matches: false,
    });

    await tamper()(sha256(bytes), null);
    expect((await investigator.post(`/api/evidence/${id}/verify`)).json()).toEqual({
      sha256: null,
      matches: false,
    });
    const download = await investigator.get(`/api/evidence/${id}/content`);
    expect(download.statusCode).toBe(404);
    expect(download.json().error.message).toMatch(/missing/);
    expect(await custodyActions(t.database.db, id)).toEqual(['added', 'verified', 'verified', 'verified']);
  });

  it('verifies written evidence against its text', async () => {
    const { id, sha256: recorded } = (
      await investigator.post('/api/evidence', { title: 'Note', body: 'Exact words' })
    ).json();
    expect((await investigator.post(`/api/evidence/${id}/verify`)).json()).toEqual({
      sha256: recorded,
      matches: true,
    });
    await t.database.db
      .update(evidence)
      .set({ body: sql`${evidence.body} || '!'` })
      .where(eq(evidence.id, id));
    expect((await investigator.post(`/api/evidence/${id}/verify`)).json()).toEqual({
      sha256: sha256('Exact words!'),
      matches: false,
    });
  });
});

describe('the media type of bytes sniffed as they pass', () => {
  const sniff = async (pieces: Buffer[]) => {
    const sniffer = mediaTypeSniffer();
    for (const piece of pieces) sniffer.update(piece);
    return sniffer.mediaType();
  };

  it('reads UTF-8 text as text/plain wherever the pieces split its characters', async () => {
    const bytes = Buffer.from('café — 😀 naïve ✓ end', 'utf8');
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(await sniff([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe('text/plain');
    }
    expect(await sniff([...bytes].map((byte) => Buffer.from([byte])))).toBe('text/plain');
  });

  it('reads bytes that are not UTF-8 text as application/octet-stream, however they are split', async () => {
    const emoji = Buffer.from('😀', 'utf8');
    const cases = [
      // A character left unfinished at the end.
      Buffer.concat([Buffer.from('text '), emoji.subarray(0, 3)]),
      // A lead byte followed by one that does not continue it.
      Buffer.concat([Buffer.from('text '), emoji.subarray(0, 2), Buffer.from('x')]),
      // A continuation byte with no lead, an overlong form, a null character.
      Buffer.from([0x61, 0x80, 0x62]),
      Buffer.from([0x61, 0xc0, 0xaf]),
      Buffer.from('text\u0000text'),
    ];
    for (const bytes of cases) {
      for (let cut = 0; cut <= bytes.length; cut += 1) {
        expect(await sniff([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe('application/octet-stream');
      }
    }
  });
});

describe('items stored as chunks before EVIDENCE_DIR was set (PostgreSQL)', () => {
  it('are read, rehashed and verified through the files, which receive every new upload', async () => {
    const root = join(scratch, `switched-${Math.random().toString(36).slice(2)}`);
    const chunks = blobEvidenceStore(t.database.db);
    const earlier = Buffer.concat([pngBytes(), randomBytes(2 * 1024 * 1024)]);
    const before = await chunks.receive(arriving(earlier));
    await before.keep(t.database.db);

    const store = readingThrough(diskEvidenceStore(root), chunks);
    const content = await store.open(before.sha256);
    expect(content?.size).toBe(earlier.length);
    expect((await buffer(content!.stream)).equals(earlier)).toBe(true);
    expect(await store.rehash(before.sha256)).toBe(before.sha256);

    const later = `after ${Math.random()}`;
    const after = await store.receive(arriving(later));
    await after.keep(t.database.db);
    // The new upload is a file, not chunks.
    expect(await chunks.open(after.sha256)).toBeNull();
    expect(await text((await diskEvidenceStore(root).open(after.sha256))!.stream)).toBe(later);

    const digests = await store.rehashMany([before.sha256, after.sha256, sha256('never stored')]);
    expect([...digests.values()]).toEqual([before.sha256, after.sha256, null]);
    await blobTamper(before.sha256, Buffer.from('altered in the database'));
    expect(await store.rehash(before.sha256)).toBe(sha256('altered in the database'));
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'an item uploaded to the chunks downloads and verifies once the server keeps files in EVIDENCE_DIR',
    async () => {
      const bytes = pngBytes();
      const { id } = (await upload(investigator, { name: 'before.png', bytes })).json();
      const evidenceDir = join(scratch, `evidence-dir-${Math.random().toString(36).slice(2)}`);
      // The same database, a server started with EVIDENCE_DIR (as after a restart with the setting).
      const switched = await buildApp({
        config: { ...t.config, evidenceDir },
        database: t.database,
        logger: false,
      });
      try {
        const client = clientWithHeaders(switched, { cookie: investigator.cookie });
        const download = await client.get(`/api/evidence/${id}/content`);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(bytes)).toBe(true);
        expect((await client.post(`/api/evidence/${id}/verify`)).json()).toEqual({
          sha256: sha256(bytes),
          matches: true,
        });

        const blobsBefore = await t.database.db.select({ sha256: evidenceBlobs.sha256 }).from(evidenceBlobs);
        const next = pngBytes();
        const added = await upload(client, { name: 'after.png', bytes: next });
        expect(added.statusCode).toBe(201);
        expect(await readdir(join(evidenceDir, sha256(next).slice(0, 2)))).toEqual([sha256(next)]);
        expect(await t.database.db.select({ sha256: evidenceBlobs.sha256 }).from(evidenceBlobs)).toEqual(
          blobsBefore,
        );
        expect((await client.get(`/api/evidence/${added.json().id}/content`)).rawPayload.equals(next)).toBe(
          true,
        );
      } finally {
        await switched.close();
      }
    },
  );
});
