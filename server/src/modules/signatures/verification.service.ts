import type {
  SignatureBundle,
  SignatureInfo,
  VerifyCaseResponse,
  VerifyEntryResponse,
} from '@scamtrail/domain/signatures';
import { SIGNATURE_BUNDLE_FORMAT } from '@scamtrail/domain/signatures';
import type { Db } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { AppError } from '../../lib/errors';
import type { Principal } from '../auth/principal';
import { isCaseVisible, viewerParams } from '../../db/case-visibility';
import type { EvidenceStore } from '../evidence/evidence-store-contract';
import { findVisibleEvidenceIds, requireVisibleEntry } from '../journal-entries/journal-entries.service';
import { BUNDLE_VERSION, sha256Hex, verifyAssertion } from './bundle-verifier';
import { loadCoseToJwk, type CoseToJwk } from './cose-key';
import { contentHashOf, signableContent, type SignableContent } from './signable-content';
import {
  findCaseSignatures,
  findEntryContents,
  findSignatures,
  type EntryContentRow,
  type SignatureRow,
} from './signatures.repository';

/**
 * Verification of signed entries against the rows as they are now: the content is rebuilt from the
 * entry, its links and its evidence (files re-hashed in the store), compared with what was signed,
 * and the stored assertion is checked with the same code the offline verifier runs.
 */

export const NOT_SIGNED = 'This entry has not been digitally signed';
export const HIDDEN_EVIDENCE =
  "This entry's signature also covers evidence you may not see, so its bundle cannot be given to you";
export const UNREADABLE_KIND = (kind: 'evidence' | 'identifiers') =>
  `This entry's signature also covers ${kind}, which you may not read, so its bundle cannot be given to you`;

/** What differs between the signed content and the content now, in words. */
function contentChanges(signed: Partial<SignableContent>, now: SignableContent): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields: [keyof SignableContent, string][] = [
    ['id', 'The entry signed is another entry'],
    ['caseId', 'The case changed after signing'],
    ['type', 'The type changed after signing'],
    ['description', 'The description changed after signing'],
    ['performedAt', 'The time it was performed changed after signing'],
    ['originatorId', 'The originator changed after signing'],
    ['proxyOriginatorId', 'The proxy originator changed after signing'],
    ['identifierIds', 'The linked identifiers changed after signing'],
  ];
  const changes = fields.filter(([field]) => !same(signed[field], now[field])).map(([, text]) => text);
  const signedEvidence = signed.evidence ?? [];
  if (
    !same(
      signedEvidence.map((e) => e.id),
      now.evidence.map((e) => e.id),
    )
  ) {
    changes.push('The linked evidence changed after signing');
  } else if (!same(signedEvidence, now.evidence)) {
    changes.push('The recorded SHA-256 of the linked evidence changed after signing');
  }
  return changes;
}

function parseSigned(canonical: string): Partial<SignableContent> {
  try {
    return JSON.parse(canonical) as Partial<SignableContent>;
  } catch {
    return {};
  }
}

/** Whether a verdict may name an evidence item (by its title) to its reader. */
type NamesEvidence = (evidenceId: string) => boolean;

export const UNSEEN_EVIDENCE_MISMATCH =
  'The file of an evidence item you may not see no longer matches its recorded SHA-256';

/**
 * A verdict names an evidence item only to a reader holding evidence.view who sees it, as the entry's
 * own answer shows it: an entry can link evidence of another case, hidden from its reader.
 */
async function evidenceNamer(
  db: Db,
  principal: Principal,
  entries: readonly EntryContentRow[],
): Promise<NamesEvidence> {
  if (!viewerParams(principal).viewerSeesEvidence) return () => false;
  const ids = entries.flatMap((entry) => entry.evidence.map((item) => item.id));
  if (ids.length === 0) return () => false;
  const visible = await findVisibleEvidenceIds(db, ids, principal);
  return (id) => visible.has(id);
}

/** Evidence whose bytes no longer hash to the SHA-256 recorded (and signed) for them. */
function evidenceMismatches(
  entry: EntryContentRow,
  rehashed: ReadonlyMap<string, string | null>,
  names: NamesEvidence,
): string[] {
  return entry.evidence
    .filter((item) => item.sha256 !== null)
    .filter((item) => (item.written ? item.bodySha256 : (rehashed.get(item.sha256!) ?? null)) !== item.sha256)
    .map((item) =>
      names(item.id)
        ? `The file of evidence '${item.title}' no longer matches its recorded SHA-256`
        : UNSEEN_EVIDENCE_MISMATCH,
    );
}

/** The JWK of each distinct stored COSE key, converted once (a case's signatures share a few passkeys). */
const jwkCache = new Map<string, ReturnType<CoseToJwk> | null>();
const JWK_CACHE_MAX = 1000;

function jwkOf(coseKey: Buffer, coseToJwk: CoseToJwk) {
  const id = coseKey.toString('base64');
  if (!jwkCache.has(id)) {
    if (jwkCache.size >= JWK_CACHE_MAX) jwkCache.clear();
    let jwk = null;
    try {
      jwk = coseToJwk(coseKey);
    } catch {
      // Answered by the caller.
    }
    jwkCache.set(id, jwk);
  }
  return jwkCache.get(id)!;
}

function assertionFailures(signature: SignatureRow, coseToJwk: CoseToJwk): string[] {
  const publicKeyJwk = jwkOf(signature.publicKey, coseToJwk);
  if (!publicKeyJwk) return ['The public key stored with the signature is not an ES256 key'];
  return verifyAssertion({
    contentHash: signature.contentHash,
    challengeNonce: signature.challengeNonce,
    rpId: signature.rpId,
    origin: signature.origin,
    algorithm: signature.algorithm,
    publicKeyJwk,
    authenticatorData: signature.authenticatorData,
    clientDataJSON: signature.clientDataJson,
    signature: signature.signature,
  })
    .filter((check) => !check.passed)
    .map((check) => `The signature does not match: ${check.detail}`);
}

/** The verdict on one entry, from its content now, its signature and the store's digests. */
function evaluate(
  entry: EntryContentRow,
  signature: SignatureRow | undefined,
  rehashed: ReadonlyMap<string, string | null>,
  coseToJwk: CoseToJwk,
  names: NamesEvidence,
): VerifyEntryResponse {
  if (!signature) {
    return { valid: false, info: { valid: false, invalidReason: NOT_SIGNED } };
  }
  const now = contentHashOf(entry);
  const reasons: string[] = [];
  if (now.canonical !== signature.canonicalContent) {
    const changes = contentChanges(parseSigned(signature.canonicalContent), signableContent(entry));
    reasons.push(...(changes.length ? changes : ['The entry changed after signing']));
  }
  if (sha256Hex(signature.canonicalContent) !== signature.contentHash) {
    reasons.push('The signed content stored with the signature was altered');
  }
  reasons.push(...evidenceMismatches(entry, rehashed, names));
  reasons.push(...assertionFailures(signature, coseToJwk));
  const info: SignatureInfo = {
    valid: reasons.length === 0,
    signerName: signature.signerName,
    signerEmail: signature.signerEmail,
    passkeyName: signature.passkeyName,
    signedAt: signature.signedAt.toISOString(),
    signatureAlgorithm: signature.algorithm,
    invalidReason: reasons.length ? reasons.join('; ') : null,
  };
  return { valid: info.valid, info };
}

/** The distinct stored files of the entries' evidence, each re-hashed once. */
async function rehashFiles(store: EvidenceStore, entries: readonly EntryContentRow[]) {
  const hashes = entries.flatMap((entry) =>
    entry.evidence.filter((item) => !item.written && item.sha256).map((item) => item.sha256!),
  );
  return store.rehashMany(hashes);
}

export async function verifyEntry(
  db: Db,
  store: EvidenceStore,
  entryId: string,
  principal: Principal,
): Promise<VerifyEntryResponse> {
  await requireVisibleEntry(db, entryId, principal);
  const [entry] = await findEntryContents(db, { ids: [entryId] });
  const [signature] = await findSignatures(db, [entryId]);
  const rehashed = signature ? await rehashFiles(store, [entry]) : new Map<string, string | null>();
  const names = await evidenceNamer(db, principal, [entry]);
  return evaluate(entry, signature, rehashed, await loadCoseToJwk(), names);
}

/**
 * Every entry of the case, removed ones included, with a verdict for the signed ones and a summary.
 * A fixed number of statements whatever the size of the case, and each stored file hashed once.
 */
export async function verifyCase(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: Principal,
): Promise<VerifyCaseResponse> {
  if (!(await isCaseVisible(db, principal, caseId))) throw AppError.notFound('Case');
  const [entries, signatures] = await readsTogether(db, [
    () => findEntryContents(db, { caseId }),
    () => findCaseSignatures(db, caseId),
  ]);
  const byEntry = new Map(signatures.map((signature) => [signature.journalEntryId, signature]));
  const signedEntries = entries.filter((entry) => byEntry.has(entry.id));
  const rehashed = await rehashFiles(store, signedEntries);
  const coseToJwk = await loadCoseToJwk();
  const names = await evidenceNamer(db, principal, signedEntries);
  const results = signedEntries.map((entry) => ({
    journalEntryId: entry.id,
    ...evaluate(entry, byEntry.get(entry.id), rehashed, coseToJwk, names),
  }));
  const valid = results.filter((result) => result.valid).length;
  return {
    caseId,
    results,
    summary: {
      total: entries.length,
      valid,
      invalid: results.length - valid,
      unsigned: entries.length - results.length,
    },
  };
}

/** Everything needed to verify the entry's signature offline (README, "Signature bundles"). */
export async function signatureBundle(
  db: Db,
  entryId: string,
  principal: Principal,
): Promise<SignatureBundle> {
  await requireVisibleEntry(db, entryId, principal);
  const [signature] = await findSignatures(db, [entryId]);
  if (!signature) throw new AppError('NOT_FOUND', NOT_SIGNED);
  const [entry] = await findEntryContents(db, { ids: [entryId] });
  // The bundle is the signed content whole (else it would not verify), so it is only for callers who
  // may read every record it names (their ids, and the evidence's hashes): holding the view permission
  // of each kind it names, as the entry's own answer leaves that kind out without it (`viewerParams`),
  // and seeing every evidence item, as the entry's own answer leaves the others out.
  const sees = viewerParams(principal);
  if (entry.evidence.length > 0 && !sees.viewerSeesEvidence) {
    throw AppError.forbidden(UNREADABLE_KIND('evidence'));
  }
  if (entry.identifierIds.length > 0 && !sees.viewerSeesIdentifiers) {
    throw AppError.forbidden(UNREADABLE_KIND('identifiers'));
  }
  const evidenceIds = entry.evidence.map((item) => item.id);
  const visible = await findVisibleEvidenceIds(db, evidenceIds, principal);
  if (evidenceIds.some((id) => !visible.has(id))) throw AppError.forbidden(HIDDEN_EVIDENCE);
  const coseToJwk = await loadCoseToJwk();
  return {
    format: SIGNATURE_BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    canonicalization: signature.canonicalizationVersion,
    content: { ...signableContent(entry) },
    contentHash: signature.contentHash,
    challengeNonce: signature.challengeNonce,
    rpId: signature.rpId,
    origin: signature.origin,
    signer: { name: signature.signerName, email: signature.signerEmail, passkeyName: signature.passkeyName },
    signedAt: signature.signedAt.toISOString(),
    algorithm: signature.algorithm,
    credentialId: signature.credentialId,
    publicKeyJwk: coseToJwk(signature.publicKey) as Record<string, string>,
    authenticatorData: signature.authenticatorData.toString('base64url'),
    clientDataJSON: signature.clientDataJson.toString('base64url'),
    signature: signature.signature.toString('base64url'),
  };
}
