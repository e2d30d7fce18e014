import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  evidence,
  evidenceBlobs,
  evidenceChunks,
  evidenceCustody,
  evidenceTags,
  events,
  tags,
} from '../../db/schema/index';
import { buildTestApp, type Client, type TestApp } from '../../../test/helpers';

export { insertCase, insertGroup } from '../../../test/case-fixtures';

/** Test-only helpers for evidence: an app with its own data directory, files, forms and fixtures. */

let serial = 0;
const next = () => (serial += 1);

export interface EvidenceTestApp extends TestApp {
  dataDir: string;
}

/** A test app whose DATA_DIR is a fresh temporary directory, removed on close. */
export async function buildEvidenceApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
): Promise<EvidenceTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'scamtrail-evidence-'));
  const t = await buildTestApp({ DATA_DIR: dataDir, ...env }, overrides);
  return {
    ...t,
    dataDir,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2x2 RGB PNG (a different one each call). */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat([Buffer.from([0]), randomBytes(6), Buffer.from([0]), randomBytes(6)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a PDF: enough for any sniffer. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n% ${next()}\n%%EOF\n`,
    'latin1',
  );
}

export interface FilePart {
  name?: string;
  /** The type the client claims; the server must ignore it. */
  type?: string;
  bytes: Buffer;
  /** The form part's name; "file" unless a test says otherwise. */
  field?: string;
}

/** A multipart/form-data body with the fields (repeated when an array) and the files, in that order. */
export function multipartForm(fields: Record<string, string | string[]>, files: FilePart[]) {
  const boundary = `----scamtrail${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
    }
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.name ?? 'upload.bin'}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/evidence as a multipart upload of one file. */
export function upload(client: Client, file: FilePart, fields: Record<string, string | string[]> = {}) {
  return client.request({ method: 'POST', url: '/api/evidence', ...multipartForm(fields, [file]) });
}

export async function insertTag(db: Db): Promise<string> {
  const [row] = await db
    .insert(tags)
    .values({ name: `evidence-tag-${next()}` })
    .returning({ id: tags.id });
  return row.id;
}

/** Rows of every table evidence writes to, and the files under the data directory. */
export async function evidenceFootprint(t: EvidenceTestApp) {
  const db = t.database.db;
  const n = async (
    table:
      | typeof evidence
      | typeof evidenceBlobs
      | typeof evidenceChunks
      | typeof evidenceCustody
      | typeof evidenceTags
      | typeof events,
  ) => (await db.select({ n: count() }).from(table))[0].n;
  return {
    evidence: await n(evidence),
    blobs: await n(evidenceBlobs),
    chunks: await n(evidenceChunks),
    custody: await n(evidenceCustody),
    tags: await n(evidenceTags),
    events: await n(events),
    files: await listFiles(join(t.dataDir, 'evidence')),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

export async function custodyActions(db: Db, evidenceId: string): Promise<string[]> {
  const rows = await db
    .select({ action: evidenceCustody.action })
    .from(evidenceCustody)
    .where(eq(evidenceCustody.evidenceId, evidenceId))
    .orderBy(evidenceCustody.id);
  return rows.map((r) => r.action);
}
