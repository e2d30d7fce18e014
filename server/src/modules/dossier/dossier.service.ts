import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
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
  REPORT_FILE,
  SERVER_VERSION,
  SIGNATURES_DIR,
  VERIFY_FILE,
  evidencePath,
  type DossierManifest,
  type ManifestEvidence,
  type ManifestFile,
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

export async function exportDossier(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: UserPrincipal,
): Promise<Dossier> {
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
  };

  const zip = new ZipFile();
  const files: ManifestFile[] = [];
  const mtime = new Date(exportedAt);
  const addText = (path: string, text: string) => {
    const buffer = Buffer.from(text, 'utf8');
    files.push({ path, sha256: sha256Hex(buffer), size: buffer.length });
    zip.addBuffer(buffer, path, { mtime });
  };

  addText(REPORT_FILE, renderReport(data, ctx));
  for (const [entryId, bundle] of data.bundles) {
    addText(`${SIGNATURES_DIR}${entryId}.json`, `${JSON.stringify(bundle, null, 2)}\n`);
  }
  addText(CHAIN_FILE, `${JSON.stringify(data.chain, null, 2)}\n`);
  addText(JSONLD_FILE, renderJsonLd(data, ctx));
  addText(VERIFY_FILE, verifyText(data, ctx));

  const evidence: ManifestEvidence[] = [];
  const written = new Set<string>();
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
    if (!path || written.has(path)) continue;
    written.add(path);
    if (item.kind === 'written') {
      addText(path, item.body ?? '');
      continue;
    }
    // Opened only when its turn comes; a file missing from the store is left out and said so.
    const slot: ManifestFile = { path, sha256: '', size: 0 };
    files.push(slot);
    const sha256 = item.sha256!;
    zip.addReadStreamLazy(path, { mtime, compress: false }, (callback) => {
      store.open(sha256).then(
        (content) => {
          const source = content ? content.stream : Readable.from([]);
          if (!content) {
            entry.path = null;
            files.splice(files.indexOf(slot), 1);
          }
          callback(
            null,
            source.pipe(
              hashingStream((hash, size) => {
                slot.sha256 = hash;
                slot.size = size;
              }),
            ),
          );
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  }

  // The manifest, once every file before it has gone through; then the export is recorded.
  zip.addReadStreamLazy(MANIFEST_FILE, { mtime }, (callback) => {
    const manifest: DossierManifest = {
      format: DOSSIER_FORMAT,
      version: DOSSIER_VERSION,
      case: { id: data.case.id, number: data.case.number, title: data.case.title },
      exportedBy: exporter,
      exportedAt,
      server: { name: 'scamtrail', version: SERVER_VERSION },
      journalChain: { head: chainHead, links: data.chain.links.length },
      files,
      evidence,
      signedEntries: [...data.bundles.keys()],
    };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    recordExport(db, data, principal, sha256Hex(bytes)).then(
      () => callback(null, Readable.from([bytes])),
      (error: unknown) => callback(error as Error, undefined as never),
    );
  });
  zip.end();

  const output = new PassThrough();
  zip.outputStream.pipe(output);
  zip.on('error', (error: Error) => output.destroy(error));
  return { fileName: `case-${data.case.number}-dossier.zip`, stream: output };
}

/** The export in the case's History and in each evidence item's chain of custody, in one transaction. */
async function recordExport(db: Db, data: DossierData, principal: UserPrincipal, dossierSha256: string) {
  await db.transaction(async (tx) => {
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'case.exported',
        subjectType: 'case',
        subjectId: data.case.id,
        caseId: data.case.id,
        after: {
          dossierSha256,
          entryCount: data.entries.length,
          evidenceCount: data.evidence.length,
          signedEntryCount: data.bundles.size,
        },
      }),
    );
    for (const item of data.evidence) {
      await recordCustody(tx, principal, item.id, 'exported', {
        dossierSha256,
        caseId: data.case.id,
        note: `exported in dossier ${dossierSha256}`,
      });
    }
  });
}
