/**
 * The case dossier's format (docs/dossier.md): the names of its files and the shape of its manifest,
 * shared by the export (dossier.service.ts) and the offline verifier (dossier-verifier.ts). No
 * database, no server: the verifier imports this.
 */

export const DOSSIER_FORMAT = 'scamtrail-dossier';
export const DOSSIER_VERSION = 1;
/** The exporting server's version, as the OpenAPI document states it. */
export const SERVER_VERSION = '1.0.0';

export const REPORT_FILE = 'report.html';
export const CHAIN_FILE = 'journal-chain.json';
export const JSONLD_FILE = 'case.jsonld';
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_SIGNATURE_FILE = 'manifest.signature.json';
export const VERIFY_FILE = 'VERIFY.txt';
export const EVIDENCE_DIR = 'evidence/';
export const SIGNATURES_DIR = 'signatures/';

/** What a dossier's manifest signature signs: its `content.v` and `canonicalization`. */
export const MANIFEST_SIGNATURE_CONTENT = 'scamtrail-dossier-manifest-v1';

/**
 * Whether the manifest is signed: `passkey` when the exporter signs it with a passkey (then
 * `manifest.signature.json` must be in the package), `none` when it is exported unsigned. Stated in
 * the manifest (and in VERIFY.txt and the report) before signing, so removing the signature shows.
 */
export type ManifestSigning = 'passkey' | 'none';

/**
 * The content a manifest signature signs (RFC 8785 canonical JSON; its SHA-256 is the signed content
 * hash): the case and the SHA-256 of `manifest.json`, which names every other file's hash.
 */
export interface ManifestSignatureContent {
  v: typeof MANIFEST_SIGNATURE_CONTENT;
  caseId: string;
  manifestSha256: string;
}

export function manifestSignatureContent(caseId: string, manifestSha256: string): ManifestSignatureContent {
  return { v: MANIFEST_SIGNATURE_CONTENT, caseId, manifestSha256 };
}

/** A file of the package, as the manifest lists it. */
export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
}

/** An evidence item as the manifest indexes it: where its bytes are, and the hash recorded on ingest. */
export interface ManifestEvidence {
  id: string;
  title: string;
  kind: 'file' | 'written';
  /** The file in the package, or null when the stored bytes were missing at export. */
  path: string | null;
  /** The SHA-256 recorded when the item was added (and signed, for signed entries). */
  recordedSha256: string | null;
}

export interface DossierManifest {
  format: typeof DOSSIER_FORMAT;
  version: typeof DOSSIER_VERSION;
  case: { id: string; number: number; title: string };
  exportedBy: { name: string; email: string };
  exportedAt: string;
  server: { name: 'scamtrail'; version: string };
  /** The case journal's hash chain when exported: its last link's hash (null for an empty chain). */
  journalChain: { head: string | null; links: number };
  /** Every file of the package but the manifest itself and its signature, in the order written. */
  files: ManifestFile[];
  evidence: ManifestEvidence[];
  /** Entries whose signature bundle is in `signatures/`. */
  signedEntries: string[];
  /** Whether `manifest.signature.json` signs this manifest (absent: `none`). */
  manifestSigning?: ManifestSigning;
}

/** A link of the chain as `journal-chain.json` holds it: the fields its hash covers, and when. */
export interface ChainFileLink {
  seq: number;
  kind: string;
  journalEntryId: string;
  contentHash: string;
  prevHash: string;
  hash: string;
  createdAt: string;
}

export interface ChainFile {
  caseId: string;
  /** SHA-256 (hex) of the canonical JSON of `{ caseId, seq, kind, journalEntryId, contentHash, prevHash }`. */
  linkHash: string;
  links: ChainFileLink[];
  /**
   * Each entry's chained content at export (what its latest link must hash); null with a reason when
   * withheld because it names evidence the exporter may not see.
   */
  entries: { id: string; content: Record<string, unknown> | null; withheldReason?: string }[];
}

const SAFE_NAME_MAX = 100;

/**
 * A file name that is safe on every system: letters, digits, dots, dashes and underscores only, no
 * leading dot, at most 100 characters; "evidence" when nothing is left.
 */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, SAFE_NAME_MAX)
    .replace(/[._]+$/, '');
  return ascii || 'evidence';
}

/** Where an evidence item's bytes go: `evidence/<sha256>-<safe name>`, written evidence as `.txt`. */
export function evidencePath(sha256: string, name: string, written: boolean): string {
  const safe = safeFileName(name);
  const withExtension = written && !safe.toLowerCase().endsWith('.txt') ? `${safe}.txt` : safe;
  return `${EVIDENCE_DIR}${sha256}-${withExtension}`;
}
