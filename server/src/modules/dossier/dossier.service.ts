import { createHash } from 'node:crypto';
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import { fullName } from '@scamtrail/domain/names';
import type { Db } from '../../db/client';
import type { UserPrincipal } from '../auth/principal';
import { recordCustody } from '../evidence/custody.service';
import type { EvidenceStore } from '../evidence/evidence-store-contract';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { readDossierData, type DossierData } from './dossier-data';
import {
  CHAIN_FILE,
  DOSSIER_FORMAT,
  DOSSIER_VERSION,
  JSONLD_FILE,
  MANIFEST_FILE,
  MANIFEST_SIGNATURE_FILE,
  REPORT_FILE,
  SERVER_VERSION,
  SIGNATURES_DIR,
  VERIFY_FILE,
  evidencePath,
  type DossierManifest,
  type ManifestEvidence,
  type ManifestFile,
  type ManifestSigning,
} from './dossier-format';
import { renderJsonLd } from './dossier-jsonld';
import { renderReport } from './dossier-report';
import { verifyText } from './dossier-verify-text';

/**
 * The case dossier (docs/dossier.md): a ZIP streamed as it is written. The small files are built
 * from what the exporter may see (dossier-data.ts); each evidence file is streamed from the store
 * when its turn comes, hashed on its way through, so no file is ever held whole in memory. The
 * manifest comes last, listing every file's SHA-256 and size; once it is written the export is
 * recorded in the case's History and in every evidence item's chain of custody, under the manifest's
 * SHA-256. If that record cannot be written the download fails rather than go unrecorded.
 */

export interface Dossier {
  fileName: string;
  stream: Readable;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Passes bytes through, and their SHA-256 and count once done. */
function hashingStream(onDone: (sha256: string, size: number) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(hash.digest('hex'), size);
      callback();
    },
  });
}

/** A file of the package before it is written: its text, or an evidence file to stream from the store. */
export type PlannedFile = { path: string; text: string } | { path: string; storeKey: string };

/** What the History and the custody record of an export need, kept with a prepared export. */
export interface ExportRecord {
  caseId: string;
  evidenceIds: string[];
  entryCount: number;
  signedEntryCount: number;
  /**
   * The cases and journal entries the report names beyond the case's own (its custody rows, its
   * identifiers' other cases), which a signed export's download checks the exporter still sees.
   * Absent from an export prepared before it was kept.
   */
  namedRecords?: NamedRecords;
}

export interface NamedRecords {
  cases: string[];
  entries: string[];
}

/** The cases and journal entries the report names by name: those the exporter was told of. */
function namedRecordsOf(data: DossierData): NamedRecords {
  const cases = new Set<string>();
  const entries = new Set<string>();
  for (const events of data.custody.values()) {
    for (const event of events) {
      const { caseId, journalEntryId } = event.detail;
      if (typeof caseId === 'string' && event.names[caseId]) cases.add(caseId);
      if (typeof journalEntryId === 'string' && event.names[journalEntryId]) entries.add(journalEntryId);
      for (const entryCase of Object.values(event.entryCases)) cases.add(entryCase.id);
    }
  }
  for (const identifier of data.identifiers) {
    for (const other of identifier.otherCases) cases.add(other.id);
  }
  cases.delete(data.case.id);
  return { cases: [...cases].sort(), entries: [...entries].sort() };
}

/** A dossier laid out: every file in order (the manifest last, not among them) and the manifest's parts. */
export interface DossierPlan {
  fileName: string;
  files: PlannedFile[];
  /** The manifest without `files` (filled once every file's hash and size are known). */
  manifest: Omit<DossierManifest, 'files'>;
  /** Each evidence item's index entry, by path (its `path` is set to null if the stored file is missing). */
  evidenceByPath: Map<string, ManifestEvidence>;
  record: ExportRecord;
}

/** Lays the dossier out from what the exporter may see (nothing is read from the store yet). */
export async function planDossier(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: UserPrincipal,
  signing: ManifestSigning,
): Promise<DossierPlan> {
  const data = await readDossierData(db, store, caseId, principal);
  const exportedAt = new Date().toISOString();
  const exporter = { name: fullName(principal) || principal.email, email: principal.email };
  const chainHead = data.chain.links.at(-1)?.hash ?? null;

  // Where each item's bytes go, decided before anything is written: the report and case.jsonld name them.
  const evidencePaths = new Map<string, string>();
  for (const item of data.evidence) {
    if (!item.sha256) continue;
    const written = item.kind === 'written';
    evidencePaths.set(
      item.id,
      evidencePath(item.sha256, written ? item.title : (item.fileName ?? item.title), written),
    );
  }
  const ctx = {
    exportedBy: `${exporter.name} <${exporter.email}>`,
    exportedAt,
    serverVersion: SERVER_VERSION,
    chainHead,
    evidencePaths,
    signing,
  };

  const files: PlannedFile[] = [{ path: REPORT_FILE, text: renderReport(data, ctx) }];
  for (const [entryId, bundle] of data.bundles) {
    files.push({ path: `${SIGNATURES_DIR}${entryId}.json`, text: `${JSON.stringify(bundle, null, 2)}\n` });
  }
  files.push({ path: CHAIN_FILE, text: `${JSON.stringify(data.chain, null, 2)}\n` });
  files.push({ path: JSONLD_FILE, text: renderJsonLd(data, ctx) });
  files.push({ path: VERIFY_FILE, text: verifyText(data, ctx) });

  const evidence: ManifestEvidence[] = [];
  const evidenceByPath = new Map<string, ManifestEvidence>();
  for (const item of data.evidence) {
    const path = evidencePaths.get(item.id) ?? null;
    const entry: ManifestEvidence = {
      id: item.id,
      title: item.title,
      kind: item.kind === 'written' ? 'written' : 'file',
      path,
      recordedSha256: item.sha256,
    };
    evidence.push(entry);
    if (!path || evidenceByPath.has(path)) continue;
    evidenceByPath.set(path, entry);
    files.push(item.kind === 'written' ? { path, text: item.body ?? '' } : { path, storeKey: item.sha256! });
  }

  return {
    fileName: `case-${data.case.number}-dossier.zip`,
    files,
    manifest: {
      format: DOSSIER_FORMAT,
      version: DOSSIER_VERSION,
      case: { id: data.case.id, number: data.case.number, title: data.case.title },
      exportedBy: exporter,
      exportedAt,
      server: { name: 'scamtrail', version: SERVER_VERSION },
      journalChain: { head: chainHead, links: data.chain.links.length },
      evidence,
      signedEntries: [...data.bundles.keys()],
      manifestSigning: signing,
    },
    evidenceByPath,
    record: {
      caseId: data.case.id,
      evidenceIds: data.evidence.map((item) => item.id),
      entryCount: data.entries.length,
      signedEntryCount: data.bundles.size,
      namedRecords: namedRecordsOf(data),
    },
  };
}

/** The manifest's bytes, as written into the package. */
export function manifestBytes(plan: DossierPlan, files: ManifestFile[]): Buffer {
  const { evidence, signedEntries, manifestSigning, ...head } = plan.manifest;
  const manifest: DossierManifest = { ...head, files, evidence, signedEntries, manifestSigning };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
}

/**
 * The unsigned dossier, in one pass: each evidence file is opened from the store only when its turn
 * comes and hashed on its way through; the manifest, last, lists what was sent. Recorded when the
 * manifest is built.
 */
export async function exportDossier(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: UserPrincipal,
): Promise<Dossier> {
  const plan = await planDossier(db, store, caseId, principal, 'none');
  const zip = new ZipFile();
  const out = zipOutput(zip);
  const files: ManifestFile[] = [];
  const mtime = new Date(plan.manifest.exportedAt);

  for (const file of plan.files) {
    if ('text' in file) {
      const buffer = Buffer.from(file.text, 'utf8');
      files.push({ path: file.path, sha256: sha256Hex(buffer), size: buffer.length });
      zip.addBuffer(buffer, file.path, { mtime });
      continue;
    }
    // Opened only when its turn comes; a file missing from the store is left out and said so.
    const slot: ManifestFile = { path: file.path, sha256: '', size: 0 };
    files.push(slot);
    zip.addReadStreamLazy(file.path, { mtime, compress: false }, (callback) => {
      store.open(file.storeKey).then(
        (content) => {
          const source = content ? content.stream : Readable.from([]);
          if (!content) {
            plan.evidenceByPath.get(file.path)!.path = null;
            files.splice(files.indexOf(slot), 1);
          }
          const hashing = hashingStream((hash, size) => {
            slot.sha256 = hash;
            slot.size = size;
          });
          // `pipeline`, not `pipe`: an error of the store's stream fails the hashing stream too.
          callback(null, out.guard(pipeline(source, hashing, () => {})));
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  }

  // The manifest, once every file before it has gone through; then the export is recorded.
  zip.addReadStreamLazy(MANIFEST_FILE, { mtime }, (callback) => {
    const bytes = manifestBytes(plan, files);
    recordExport(db, plan.record, principal, sha256Hex(bytes), null).then(
      () => callback(null, Readable.from([bytes])),
      (error: unknown) => callback(error as Error, undefined as never),
    );
  });
  zip.end();

  return { fileName: plan.fileName, stream: out.output };
}

/**
 * The ZIP's bytes as the answer's stream, and the guard of each file stream handed to yazl. yazl pipes
 * a file's stream without listening for its errors: a read that failed midway (a disk error, the
 * database gone while chunks are read) was an 'error' event nobody heard, which ends the process, and
 * the download waited for the rest of the file for ever. Guarded, such an error ends the answer
 * broken: Fastify cuts the connection once the headers are out (the client sees a truncated download,
 * never a complete one), else answers with the error. An answer that ends before the ZIP does (the
 * client went away, or that error) destroys the file streams still open, so no file or generator is
 * held after it.
 */
function zipOutput(zip: ZipFile): { output: PassThrough; guard: <T extends Readable>(stream: T) => T } {
  const output = new PassThrough();
  const open = new Set<Readable>();
  const fail = (error: Error) => output.destroy(error);
  zip.outputStream.pipe(output);
  zip.on('error', fail);
  output.on('close', () => {
    for (const stream of open) stream.destroy();
    open.clear();
  });
  const guard = <T extends Readable>(stream: T): T => {
    stream.on('error', fail);
    if (output.destroyed) {
      stream.destroy();
      return stream;
    }
    open.add(stream);
    stream.on('close', () => open.delete(stream));
    return stream;
  };
  return { output, guard };
}

/** A dossier prepared to be signed: every file's hash known, the manifest built, nothing sent yet. */
export interface PreparedDossier {
  fileName: string;
  /** The files in order, with their hashes and sizes (evidence missing from the store left out). */
  files: (PlannedFile & { sha256: string; size: number })[];
  manifest: string;
  manifestSha256: string;
  record: ExportRecord;
}

/**
 * Prepares a dossier to be signed: lays it out stating that the manifest is signed, hashes each
 * evidence file by streaming it from the store (one at a time, never held whole), and builds the
 * manifest. What is sent later is these texts and the same stored files.
 */
export async function prepareDossier(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: UserPrincipal,
): Promise<PreparedDossier> {
  const plan = await planDossier(db, store, caseId, principal, 'passkey');
  const files: PreparedDossier['files'] = [];
  for (const file of plan.files) {
    if ('text' in file) {
      const buffer = Buffer.from(file.text, 'utf8');
      files.push({ ...file, sha256: sha256Hex(buffer), size: buffer.length });
      continue;
    }
    const content = await store.open(file.storeKey);
    if (!content) {
      plan.evidenceByPath.get(file.path)!.path = null;
      continue;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of content.stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    files.push({ ...file, sha256: hash.digest('hex'), size });
  }
  const bytes = manifestBytes(
    plan,
    files.map(({ path, sha256, size }) => ({ path, sha256, size })),
  );
  return {
    fileName: plan.fileName,
    files,
    manifest: bytes.toString('utf8'),
    manifestSha256: sha256Hex(bytes),
    record: plan.record,
  };
}

/**
 * A prepared dossier sent with its signature: every size is known, so the ZIP's length is too (for an
 * honest progress bar). Recorded when the manifest is reached, as the unsigned export is.
 */
export async function streamPreparedDossier(
  db: Db,
  store: EvidenceStore,
  prepared: PreparedDossier,
  signature: Buffer,
  principal: UserPrincipal,
  signer: { passkeyName: string },
): Promise<Dossier & { size: number | null }> {
  const zip = new ZipFile();
  const out = zipOutput(zip);
  const mtime = new Date(JSON.parse(prepared.manifest).exportedAt as string);
  for (const file of prepared.files) {
    if ('text' in file) {
      zip.addBuffer(Buffer.from(file.text, 'utf8'), file.path, { mtime, compress: false });
      continue;
    }
    zip.addReadStreamLazy(file.path, { mtime, compress: false, size: file.size }, (callback) => {
      store.open(file.storeKey).then(
        (content) =>
          content
            ? callback(null, out.guard(content.stream))
            : callback(new Error(`${file.path} is no longer in the evidence store`), undefined as never),
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  }
  const manifest = Buffer.from(prepared.manifest, 'utf8');
  zip.addReadStreamLazy(MANIFEST_FILE, { mtime, compress: false, size: manifest.length }, (callback) => {
    recordExport(db, prepared.record, principal, prepared.manifestSha256, signer).then(
      () => callback(null, Readable.from([manifest])),
      (error: unknown) => callback(error as Error, undefined as never),
    );
  });
  zip.addBuffer(signature, MANIFEST_SIGNATURE_FILE, { mtime, compress: false });
  // yazl answers the ZIP's length when every entry's size is known and none is compressed (-1 otherwise).
  const end = zip.end.bind(zip) as unknown as (options: object, callback: (total: number) => void) => void;
  const size = await new Promise<number>((resolve) => end({}, resolve));
  return { fileName: prepared.fileName, stream: out.output, size: size >= 0 ? size : null };
}

/** The export in the case's History and in each evidence item's chain of custody, in one transaction. */
async function recordExport(
  db: Db,
  record: ExportRecord,
  principal: UserPrincipal,
  dossierSha256: string,
  signer: { passkeyName: string } | null,
) {
  await db.transaction(async (tx) => {
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.exported',
        subjectType: 'case',
        subjectId: record.caseId,
        caseId: record.caseId,
        after: {
          dossierSha256,
          entryCount: record.entryCount,
          evidenceCount: record.evidenceIds.length,
          signedEntryCount: record.signedEntryCount,
          manifestSigned: signer !== null,
          ...(signer ? { passkeyName: signer.passkeyName } : {}),
        },
      }),
    );
    for (const evidenceId of record.evidenceIds) {
      await recordCustody(tx, principal, evidenceId, 'exported', {
        dossierSha256,
        caseId: record.caseId,
        note: `exported in dossier ${dossierSha256}`,
      });
    }
  });
}
