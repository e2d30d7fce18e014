import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbOrTx } from '../../db/client';
import { evidence, evidenceBlobs, originators } from '../../db/schema/index';
import { signedIn, type Client } from '../../../test/helpers';
import { until } from '../../../test/server-process';
import { rowsOf } from '../../db/sql/arrays';
import { collectOrphanBlobs } from './evidence-blob-collector';
import { blobEvidenceStore } from './evidence-blob-store';
import { collectOrphanFiles, sweepStaging } from './evidence-collector';
import { diskEvidenceStore } from './evidence-disk-store';
import { startEvidenceCollection } from './evidence-collection';
import { diskStoreRoot, stagingDir } from './evidence-store';
import {
  buildEvidenceApp,
  evidenceFootprint,
  pngBytes,
  sha256,
  upload,
  type EvidenceTestApp,
} from './evidence-test-fixtures';

const HOUR = 60 * 60_000;

let t: EvidenceTestApp;
let investigator: Client;
let root: string;
beforeAll(async () => {
  t = await buildEvidenceApp();
  investigator = (await signedIn(t, 'investigator')).client;
  root = join(t.dataDir, 'collector-store');
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Stores `content` in the disk store under `root` as an upload would, without any row naming it. */
async function storeFile(content: string | Buffer): Promise<string> {
  const incoming = await diskEvidenceStore(root).receive(Readable.from([Buffer.from(content)]));
  await incoming.keep(db());
  return incoming.sha256;
}

async function insertRowNaming(tx: DbOrTx, hash: string): Promise<void> {
  const [originator] = await tx.select({ id: originators.id }).from(originators).limit(1);
  await tx
    .insert(evidence)
    .values({ title: 'Named', kind: 'document', sha256: hash, originatorId: originator.id });
}

const storedNames = async () =>
  (await readdir(root, { recursive: true })).filter((name) => /[0-9a-f]{64}$/.test(name)).sort();

describe('the orphan collector of the disk store', () => {
  it('removes files no row names once older than the grace period, keeping named and young ones', async () => {
    const orphan = await storeFile(`orphan ${Math.random()}`);
    const named = await storeFile(`named ${Math.random()}`);
    await insertRowNaming(db(), named);

    expect(await collectOrphanFiles(db(), root, HOUR)).toEqual({ files: 0, bytes: 0 });
    expect(await storedNames()).toHaveLength(2);

    const later = Date.now() + HOUR + 1000;
    const collected = await collectOrphanFiles(db(), root, HOUR, later);
    expect(collected.files).toBe(1);
    expect(collected.bytes).toBeGreaterThan(0);
    expect(await storedNames()).toEqual([join(named.slice(0, 2), named)]);
    expect(await storedNames()).not.toContainEqual(join(orphan.slice(0, 2), orphan));
  });

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'keeps a file an upload reuses while its row is being committed, even past the grace period',
    async () => {
      // An old orphan whose content arrives again: the upload keeps the stored file and names it.
      const content = `reused ${Math.random()}`;
      const hash = await storeFile(content);
      let collectorJudging!: () => void;
      const judging = new Promise<void>((resolve) => (collectorJudging = resolve));
      // The collector's transaction is asked for only once it has listed and aged the files.
      const watchedDb = Object.create(db(), {
        transaction: {
          value: (...args: Parameters<Db['transaction']>) => {
            collectorJudging();
            return db().transaction(...args);
          },
        },
      }) as Db;
      let collection: ReturnType<typeof collectOrphanFiles> | undefined;
      await db().transaction(async (tx) => {
        const incoming = await diskEvidenceStore(root).receive(Readable.from([Buffer.from(content)]));
        await incoming.keep(tx);
        collection = collectOrphanFiles(watchedDb, root, 0);
        await judging;
        await insertRowNaming(tx, hash);
      });
      expect(await collection).toEqual({ files: 0, bytes: 0 });
      expect(await storedNames()).toContain(join(hash.slice(0, 2), hash));
    },
  );

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'an upload of an orphan’s content arriving while the collector judges it leaves its file stored',
    async () => {
      const content = `judged ${Math.random()}`;
      const hash = await storeFile(content);
      const incoming = await diskEvidenceStore(root).receive(Readable.from([Buffer.from(content)]));
      let uploading: Promise<void> | undefined;
      // The upload starts the moment the collector starts judging: between its look at the rows and
      // its removal of the file, if they were not one transaction.
      const watchedDb = Object.create(db(), {
        transaction: {
          value: (work: Parameters<Db['transaction']>[0]) =>
            db().transaction(async (tx) => {
              uploading ??= db().transaction(async (uploadTx) => {
                await incoming.keep(uploadTx);
                await insertRowNaming(uploadTx, hash);
              });
              return work(tx);
            }),
        },
      }) as Db;
      await collectOrphanFiles(watchedDb, root, 0);
      await uploading;
      expect(await storedNames()).toContain(join(hash.slice(0, 2), hash));
    },
  );

  it('collects the file of an upload whose row failed to commit', async () => {
    await db().execute(sql`create function refuse_evidence() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await db().execute(
      sql`create trigger refuse_evidence before insert on evidence for each row execute function refuse_evidence()`,
    );
    const bytes = pngBytes();
    try {
      const res = await upload(investigator, { name: 'lost.png', bytes });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_evidence on evidence`);
      await db().execute(sql`drop function refuse_evidence`);
    }
    // PostgreSQL: the blob was written in the row's transaction and rolled back with it.
    expect(
      await db()
        .select()
        .from(evidenceBlobs)
        .where(eq(evidenceBlobs.sha256, sha256(bytes))),
    ).toEqual([]);
    // PGlite: the placed file outlived the transaction, and is collected.
    await collectOrphanFiles(db(), diskStoreRoot(t.config), 0);
    const footprint = await evidenceFootprint(t);
    expect(footprint.blobs).toBe(0);
    expect(footprint.files).toEqual([]);
    expect(await readdir(stagingDir(t.config)).catch(() => [])).toEqual([]);
  });
});

describe('the orphan collector of a directory shared by several instances', () => {
  // Two instances of the app: each its own store over the same directory and database.
  const instances = () => [diskEvidenceStore(root), diskEvidenceStore(root)];

  it('keeps one file for the same content placed by two instances at once', async () => {
    const content = `twice ${Math.random()}`;
    const [a, b] = instances();
    const received = await Promise.all(
      [a, b].map((store) => store.receive(Readable.from([Buffer.from(content)]))),
    );
    await Promise.all(received.map((incoming) => incoming.keep(db())));
    await Promise.all(received.map((incoming) => incoming.discard()));
    await insertRowNaming(db(), sha256(content));
    expect((await storedNames()).filter((name) => name.endsWith(sha256(content)))).toHaveLength(1);
    expect(await text((await a.open(sha256(content)))!.stream)).toBe(content);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('two collectors at once remove each orphan once, and no file a row names', async () => {
    const orphans = [
      await storeFile(`orphan a ${Math.random()}`),
      await storeFile(`orphan b ${Math.random()}`),
    ];
    const named = await storeFile(`named ${Math.random()}`);
    await insertRowNaming(db(), named);
    const passes = await Promise.all([collectOrphanFiles(db(), root, 0), collectOrphanFiles(db(), root, 0)]);
    expect(passes[0].files + passes[1].files).toBe(2);
    const left = await storedNames();
    expect(left).toContain(join(named.slice(0, 2), named));
    for (const orphan of orphans) expect(left).not.toContain(join(orphan.slice(0, 2), orphan));
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'waits for another instance reusing an orphan file to commit its row, and keeps the file',
    async () => {
      const content = `reused file ${Math.random()}`;
      const hash = await storeFile(content);
      const [, other] = instances();
      const incoming = await other.receive(Readable.from([Buffer.from(content)]));
      let collection: Promise<unknown> | undefined;
      let collected = false;
      await db().transaction(async (tx) => {
        // The other instance finds the stored file and drops its own copy.
        await incoming.keep(tx);
        collection = collectOrphanFiles(db(), root, 0).finally(() => (collected = true));
        // The collector is queued behind this transaction, not judging the file without its row.
        await until(async () => {
          if (collected) return true;
          const waiting = await db().execute(
            sql`select 1 from pg_locks where locktype = 'advisory' and not granted
                  and database = (select oid from pg_database where datname = current_database())`,
          );
          return rowsOf(waiting).length > 0;
        });
        await insertRowNaming(tx, hash);
      });
      expect(await collection).toEqual({ files: 0, bytes: 0 });
      expect(await storedNames()).toContain(join(hash.slice(0, 2), hash));
    },
  );

  it('runs at start on PostgreSQL too when EVIDENCE_DIR is set, and on PGlite', async () => {
    const orphan = await storeFile(`left by a crash ${Math.random()}`);
    const named = await storeFile(`named at start ${Math.random()}`);
    await insertRowNaming(db(), named);
    const collection = await startEvidenceCollection({
      database: t.database,
      config: { dataDir: t.dataDir, evidenceDir: root, evidenceOrphanGraceMs: 0 },
      log: t.app.log,
    });
    await collection.stop();
    const left = await storedNames();
    expect(left).toContain(join(named.slice(0, 2), named));
    expect(left).not.toContain(join(orphan.slice(0, 2), orphan));
  });
});

describe('the orphan collector of the evidence_blobs table', () => {
  async function insertBlob(content: string, ageMs: number): Promise<string> {
    const bytes = Buffer.from(content);
    const hash = sha256(bytes);
    await db()
      .insert(evidenceBlobs)
      .values({ sha256: hash, sizeBytes: bytes.length, bytes, createdAt: new Date(Date.now() - ageMs) });
    return hash;
  }
  const blobExists = async (hash: string) =>
    (await db().select({ n: evidenceBlobs.sha256 }).from(evidenceBlobs).where(eq(evidenceBlobs.sha256, hash)))
      .length === 1;

  it('deletes blobs no row names once older than the grace period, keeping named and young ones', async () => {
    const orphanContent = `old orphan ${Math.random()}`;
    const orphan = await insertBlob(orphanContent, 2 * HOUR);
    const young = await insertBlob(`young orphan ${Math.random()}`, 0);
    const named = await insertBlob(`named ${Math.random()}`, 2 * HOUR);
    await insertRowNaming(db(), named);

    expect(await collectOrphanBlobs(db(), HOUR)).toEqual({
      files: 1,
      bytes: Buffer.byteLength(orphanContent),
    });
    expect([await blobExists(orphan), await blobExists(young), await blobExists(named)]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'waits for an upload reusing an orphan blob to commit its row, and keeps the blob',
    async () => {
      const content = `reused blob ${Math.random()}`;
      const hash = await insertBlob(content, 2 * HOUR);
      const incoming = await blobEvidenceStore(db()).receive(Readable.from([Buffer.from(content)]));
      let collection: Promise<unknown> | undefined;
      let collected = false;
      await db().transaction(async (tx) => {
        await incoming.keep(tx);
        collection = collectOrphanBlobs(db(), 0).finally(() => (collected = true));
        // The collector is queued behind this transaction, not judging the blob without its row.
        await until(async () => {
          if (collected) return true;
          const waiting = await db().execute(
            sql`select 1 from pg_locks where locktype = 'advisory' and not granted
                  and database = (select oid from pg_database where datname = current_database())`,
          );
          return rowsOf(waiting).length > 0;
        });
        await insertRowNaming(tx, hash);
      });
      await collection;
      expect(await blobExists(hash)).toBe(true);
    },
  );
});

describe('the staging sweeper', () => {
  it('removes staged uploads older than the grace period and keeps younger ones', async () => {
    const dir = join(t.dataDir, 'staging-test');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'abandoned'), Buffer.alloc(1000));
    await writeFile(join(dir, 'arriving'), Buffer.alloc(10));

    expect(await sweepStaging(dir, HOUR)).toEqual({ files: 0, bytes: 0 });
    expect((await readdir(dir)).sort()).toEqual(['abandoned', 'arriving']);

    expect(await sweepStaging(dir, HOUR, Date.now() + HOUR + 1000)).toEqual({ files: 2, bytes: 1010 });
    expect(await readdir(dir)).toEqual([]);
    expect(await sweepStaging(join(t.dataDir, 'absent'), 0)).toEqual({ files: 0, bytes: 0 });
  });
});
