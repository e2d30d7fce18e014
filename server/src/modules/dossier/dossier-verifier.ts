import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { verifyBundle, type SignatureBundle } from '../signatures/bundle-verifier';
import { verifyChainFile } from './dossier-chain';
import {
  CHAIN_FILE,
  DOSSIER_FORMAT,
  DOSSIER_VERSION,
  EVIDENCE_DIR,
  JSONLD_FILE,
  MANIFEST_FILE,
  MANIFEST_SIGNATURE_FILE,
  MANIFEST_SIGNATURE_CONTENT,
  REPORT_FILE,
  SIGNATURES_DIR,
  type ChainFile,
  type DossierManifest,
} from './dossier-format';

/**
 * The offline verification of a case dossier (docs/dossier.md), with no server and no database:
 * `npm run verify -- dossier.zip` (scripts/verify-bundle.ts) and `scamtrail verify dossier.zip` call
 * `verifyDossier`. Every file is hashed as it streams out of the ZIP (evidence is never held whole);
 * the small files (report, manifest, chain, case.jsonld, bundles) are kept to be read.
 */

export interface DossierCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DossierVerification {
  ok: boolean;
  checks: DossierCheck[];
}

interface ZipFileRead {
  sha256: string;
  size: number;
  /** The bytes, for the files the verifier reads (not evidence). */
  bytes: Buffer | null;
}

const KEPT_MAX_BYTES = 256 * 1024 * 1024;
const isKept = (path: string) => !path.startsWith(EVIDENCE_DIR);

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, keep: boolean): Promise<ZipFileRead> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable) => {
      if (error) return reject(error);
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
        if (keep && size <= KEPT_MAX_BYTES) chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () =>
        resolve({ sha256: hash.digest('hex'), size, bytes: keep ? Buffer.concat(chunks) : null }),
      );
    });
  });
}

/** Every file of the ZIP, hashed; names that appear twice are reported. */
async function readZip(path: string): Promise<{ files: Map<string, ZipFileRead>; duplicates: string[] }> {
  const zip = await openZip(path);
  const files = new Map<string, ZipFileRead>();
  const duplicates: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      readEntry(zip, entry, isKept(entry.fileName)).then((read) => {
        if (files.has(entry.fileName)) duplicates.push(entry.fileName);
        files.set(entry.fileName, read);
        zip.readEntry();
      }, reject);
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return { files, duplicates };
}

function parseJson<T>(read: ZipFileRead | undefined): T | null {
  if (!read?.bytes) return null;
  try {
    return JSON.parse(read.bytes.toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** The SHA-256 the report states for each evidence item (`data-evidence-id` / `data-sha256` rows). */
function reportHashes(report: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const match of report.matchAll(/data-evidence-id="([^"]+)" data-sha256="([0-9a-f]*)"/g)) {
    hashes.set(match[1], match[2]);
  }
  return hashes;
}

interface JsonLdNode {
  '@type'?: string;
  'scamtrail:evidenceId'?: string;
  'scamtrail:custodyAction'?: string;
  'scamtrail:recordedSha256'?: string;
  'uco-core:hasFacet'?: {
    '@type'?: string;
    'uco-observable:hash'?: { 'uco-types:hashValue'?: { '@value'?: string } }[];
  }[];
}

/** From case.jsonld: each evidence item's SHA256 hash facet, and the hashes its custody log recorded. */
function jsonLdHashes(jsonld: { '@graph'?: JsonLdNode[] } | null) {
  const facet = new Map<string, string>();
  const custody = new Map<string, string[]>();
  for (const node of jsonld?.['@graph'] ?? []) {
    const id = node['scamtrail:evidenceId'];
    if (!id) continue;
    if (node['@type'] === 'uco-observable:File') {
      for (const f of node['uco-core:hasFacet'] ?? []) {
        const value = f['uco-observable:hash']?.[0]?.['uco-types:hashValue']?.['@value'];
        if (value) facet.set(id, value.toLowerCase());
      }
    }
    if (node['@type'] === 'case-investigation:InvestigativeAction' && node['scamtrail:recordedSha256']) {
      custody.set(id, [...(custody.get(id) ?? []), node['scamtrail:recordedSha256']]);
    }
  }
  return { facet, custody };
}

const check = (name: string, ok: boolean, detail: string): DossierCheck => ({ name, ok, detail });

export async function verifyDossier(zipPath: string): Promise<DossierVerification> {
  const checks: DossierCheck[] = [];
  const done = () => ({ ok: checks.every((c) => c.ok), checks });

  let zip: Awaited<ReturnType<typeof readZip>>;
  try {
    zip = await readZip(zipPath);
  } catch (error) {
    checks.push(check('zip', false, `${zipPath} cannot be read as a ZIP: ${(error as Error).message}`));
    return done();
  }
  const { files, duplicates } = zip;
  checks.push(
    check(
      'zip',
      duplicates.length === 0,
      duplicates.length ? `files appear twice: ${duplicates.join(', ')}` : `${files.size} files read`,
    ),
  );

  const manifest = parseJson<DossierManifest>(files.get(MANIFEST_FILE));
  const wellFormed =
    manifest?.format === DOSSIER_FORMAT &&
    manifest.version === DOSSIER_VERSION &&
    Array.isArray(manifest.files);
  checks.push(
    check(
      'manifest',
      wellFormed,
      wellFormed
        ? `case #${manifest.case.number} “${manifest.case.title}” (${manifest.case.id}), exported by ${manifest.exportedBy.name} <${manifest.exportedBy.email}> on ${manifest.exportedAt}, Scamtrail ${manifest.server.version}`
        : `${MANIFEST_FILE} is missing or is not a ${DOSSIER_FORMAT} version ${DOSSIER_VERSION} manifest`,
    ),
  );
  if (!wellFormed) return done();

  // Every file against the manifest: changed, removed, added.
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    listed.add(entry.path);
    const read = files.get(entry.path);
    checks.push(
      !read
        ? check(
            `file ${entry.path}`,
            false,
            `${entry.path} was removed: it is in the manifest but not in the package`,
          )
        : read.sha256 !== entry.sha256 || read.size !== entry.size
          ? check(
              `file ${entry.path}`,
              false,
              `${entry.path} was changed: its SHA-256 is ${read.sha256} (${read.size} bytes), the manifest says ${entry.sha256} (${entry.size} bytes)`,
            )
          : check(`file ${entry.path}`, true, `SHA-256 ${entry.sha256}, ${entry.size} bytes`),
    );
  }
  const added = [...files.keys()].filter(
    (path) => !listed.has(path) && path !== MANIFEST_FILE && path !== MANIFEST_SIGNATURE_FILE,
  );
  checks.push(
    check(
      'no files added',
      added.length === 0,
      added.length
        ? `added, not in the manifest: ${added.join(', ')}`
        : 'every file of the package is in the manifest',
    ),
  );

  // Evidence: the bytes against the hash recorded, the report and the chain of custody.
  const report = files.get(REPORT_FILE)?.bytes?.toString('utf8') ?? '';
  const inReport = reportHashes(report);
  const { facet, custody } = jsonLdHashes(parseJson(files.get(JSONLD_FILE)));
  for (const item of manifest.evidence ?? []) {
    const problems: string[] = [];
    const read = item.path ? files.get(item.path) : undefined;
    if (!item.path) problems.push('its stored file was missing when the dossier was exported');
    else if (!read) problems.push(`${item.path} is not in the package`);
    else if (read.sha256 !== item.recordedSha256) {
      problems.push(
        `${item.path} hashes to ${read.sha256}, not the SHA-256 recorded on ingest ${item.recordedSha256}`,
      );
    }
    if (item.path && !item.path.startsWith(`${EVIDENCE_DIR}${item.recordedSha256}-`)) {
      problems.push(`${item.path} is not named after its SHA-256`);
    }
    if (inReport.get(item.id) !== item.recordedSha256) {
      problems.push(`${REPORT_FILE} states ${inReport.get(item.id) ?? 'no SHA-256'} for it`);
    }
    if (facet.get(item.id) !== item.recordedSha256) {
      problems.push(`${JSONLD_FILE} states ${facet.get(item.id) ?? 'no SHA-256'} for it`);
    }
    const logged = custody.get(item.id) ?? [];
    const otherLogged = logged.filter((hash) => hash !== item.recordedSha256);
    if (otherLogged.length) problems.push(`its chain of custody recorded ${otherLogged.join(', ')}`);
    checks.push(
      check(
        `evidence ${item.title} (${item.id})`,
        problems.length === 0,
        problems.length
          ? problems.join('; ')
          : `${item.path} matches the SHA-256 recorded on ingest, the report${logged.length ? ' and the chain of custody' : ''}`,
      ),
    );
  }

  // Signature bundles, with the checks of `npm run verify -- bundle.json`.
  const recorded = new Map((manifest.evidence ?? []).map((item) => [item.id, item.recordedSha256]));
  const bundlePaths = [...files.keys()].filter((path) => path.startsWith(SIGNATURES_DIR));
  for (const entryId of manifest.signedEntries ?? []) {
    if (!files.has(`${SIGNATURES_DIR}${entryId}.json`)) {
      checks.push(check(`signature ${entryId}`, false, `${SIGNATURES_DIR}${entryId}.json is missing`));
    }
  }
  for (const path of bundlePaths) {
    const bundle = parseJson<{ content?: { evidence?: { id: string; sha256: string | null }[] } }>(
      files.get(path),
    );
    const failed = verifyBundle(bundle).filter((c) => !c.passed);
    const evidence = bundle?.content?.evidence ?? [];
    const mismatched = evidence.filter((e) => recorded.has(e.id) && recorded.get(e.id) !== e.sha256);
    const problems = [
      ...failed.map((c) => `${c.name}: ${c.detail}`),
      ...mismatched.map(
        (e) => `it signed evidence ${e.id} as ${e.sha256}, the dossier holds ${recorded.get(e.id)}`,
      ),
    ];
    checks.push(
      check(
        `signature ${path}`,
        problems.length === 0,
        problems.length
          ? problems.join('; ')
          : 'the bundle verifies: content hash, passkey assertion and signature',
      ),
    );
  }

  // The journal's hash chain.
  const chain = parseJson<ChainFile>(files.get(CHAIN_FILE));
  const verdict = chain
    ? verifyChainFile(chain)
    : { ok: false, detail: `${CHAIN_FILE} is missing or not JSON`, head: null };
  const headMatches = verdict.ok && verdict.head === manifest.journalChain.head;
  checks.push(
    check(
      'journal chain',
      headMatches,
      !verdict.ok
        ? verdict.detail
        : headMatches
          ? `${verdict.detail}; head ${verdict.head ?? 'none'} as the manifest states`
          : `the chain's head ${verdict.head} is not the manifest's ${manifest.journalChain.head}`,
    ),
  );

  // The manifest's signature.
  checks.push(
    manifestSignatureCheck(manifest, files.get(MANIFEST_FILE)!, files.get(MANIFEST_SIGNATURE_FILE)),
  );
  return done();
}

/**
 * `manifest.signature.json`: a signature bundle over `{ v, caseId, manifestSha256 }` whose hash is the
 * signed content hash; it must verify with the public key it carries, name this manifest's SHA-256 and
 * case, and be the exporter's. A manifest that states it is signed without the file has lost its
 * signature; a signature beside a manifest that states it is not signed was added.
 */
function manifestSignatureCheck(
  manifest: DossierManifest,
  manifestFile: ZipFileRead,
  signatureFile: ZipFileRead | undefined,
): DossierCheck {
  const name = 'manifest signature';
  const statesSigned = manifest.manifestSigning === 'passkey';
  if (!signatureFile) {
    return statesSigned
      ? check(
          name,
          false,
          `${MANIFEST_SIGNATURE_FILE} was removed: ${MANIFEST_FILE} states that the exporter signed it with a passkey`,
        )
      : check(
          name,
          true,
          'NOT SIGNED: the manifest carries no passkey signature, so nothing in the package proves who exported it',
        );
  }
  if (!statesSigned) {
    return check(
      name,
      false,
      `${MANIFEST_SIGNATURE_FILE} was added: ${MANIFEST_FILE} states that this dossier is not signed`,
    );
  }
  const bundle = parseJson<SignatureBundle>(signatureFile);
  if (!bundle) return check(name, false, `${MANIFEST_SIGNATURE_FILE} is not JSON`);
  const problems = verifyBundle(bundle, MANIFEST_SIGNATURE_CONTENT)
    .filter((c) => !c.passed)
    .map((c) => `${c.name}: ${c.detail}`);
  const content = (bundle.content ?? {}) as { manifestSha256?: unknown; caseId?: unknown };
  if (content.manifestSha256 !== manifestFile.sha256) {
    problems.push(
      `it signed a manifest whose SHA-256 is ${String(content.manifestSha256)}, but ${MANIFEST_FILE} hashes to ${manifestFile.sha256}: the manifest changed after signing`,
    );
  }
  if (content.caseId !== manifest.case.id) {
    problems.push(`it signed case ${String(content.caseId)}, the manifest is of case ${manifest.case.id}`);
  }
  const signer = bundle.signer ?? { name: '?', email: '?', passkeyName: '?' };
  if (signer.email !== manifest.exportedBy.email) {
    problems.push(
      `it is signed by ${signer.email}, the manifest says ${manifest.exportedBy.email} exported it`,
    );
  }
  return problems.length
    ? check(name, false, `INVALID: ${problems.join('; ')}`)
    : check(
        name,
        true,
        `SIGNED by ${signer.name} <${signer.email}> with the passkey “${signer.passkeyName}” on ${bundle.signedAt}: the signature over the manifest's SHA-256 ${manifestFile.sha256} verifies with the public key in ${MANIFEST_SIGNATURE_FILE}`,
      );
}
