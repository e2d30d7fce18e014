import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { fullName } from '@scamtrail/domain/names';
import type { AuthenticationResponse } from '@scamtrail/domain/passkeys';
import { SIGNATURE_ALGORITHM, SIGNATURE_BUNDLE_FORMAT } from '@scamtrail/domain/signatures';
import type { Db } from '../../db/client';
import { isCaseVisible } from '../../db/case-visibility';
import { isHiddenRecord } from '@scamtrail/domain/hidden-records';
import { AppError } from '../../lib/errors';
import type { UserPrincipal } from '../auth/principal';
import type { EvidenceStore } from '../evidence/evidence-store-contract';
import { RecordReferences } from '../events/hidden-references';
import type { ReferenceFields } from '../events/record-references';
import { findVisibleEvidenceIds } from '../journal-entries/journal-entries.service';
import { listUserPasskeys } from '../passkeys/passkeys.service';
import type { RelyingParty } from '../passkeys/relying-party';
import { challengeOfResponse, consumeChallenge, issueChallenge } from '../passkeys/webauthn-challenges';
import {
  BUNDLE_VERSION,
  canonicalJson,
  sha256Hex,
  signingChallenge,
  type SignatureBundle,
} from '../signatures/bundle-verifier';
import { loadCoseToJwk } from '../signatures/cose-key';
import { signingRequestOptions, verifySigningAssertion } from '../signatures/signing.service';
import { MANIFEST_SIGNATURE_CONTENT, manifestSignatureContent } from './dossier-format';
import {
  findDossierExport,
  insertDossierExport,
  storeDossierSignature,
  type DossierExportRow,
} from './dossier-exports.repository';
import {
  prepareDossier,
  streamPreparedDossier,
  type NamedRecords,
  type PreparedDossier,
} from './dossier.service';

/**
 * Signing a dossier's manifest with the exporter's passkey (docs/dossier.md, "The manifest's
 * signature"): prepare → sign → download. `begin` prepares the dossier (every file's hash, the
 * manifest, stating that it is signed), keeps it for its user, and answers a challenge of the hash of
 * `{ v, caseId, manifestSha256 }` and a nonce, as entry signing does; `complete` verifies the
 * assertion and keeps the signature bundle; the download (`GET /api/cases/{id}/dossier?export=`) then
 * streams that dossier with `manifest.signature.json`.
 */

/** How long a prepared dossier waits to be signed and downloaded. */
export const DOSSIER_EXPORT_TTL_MS = 15 * 60 * 1000;
const NONCE_BYTES = 16;

const conflict = (message: string) => new AppError('CONFLICT', message);
const badResponse = (message: string) => new AppError('BAD_REQUEST', message, { field: 'response' });
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const NO_PASSKEY =
  'You have no passkey to sign the dossier with: add one on your profile, or export the dossier unsigned';
export const EXPORT_GONE = 'This dossier export has expired or does not exist; export the dossier again';
export const EVIDENCE_NOW_HIDDEN =
  'This dossier holds evidence you may no longer see; export the dossier again';

export const NAMED_NOW_HIDDEN =
  'This dossier names cases or journal entries you may no longer see; export the dossier again';

const NAMED_FIELDS: ReferenceFields = { cases: { kind: 'case' }, entries: { kind: 'journal_entry' } };

/**
 * Whether the exporter still sees every case and entry the prepared report names, by the lookup that
 * named them (the custody answer's `RecordReferences`).
 */
async function seesEveryNamed(db: Db, principal: UserPrincipal, named: NamedRecords): Promise<boolean> {
  if (named.cases.length === 0 && named.entries.length === 0) return true;
  const references = new RecordReferences();
  references.nameIn(named, NAMED_FIELDS);
  await references.resolve(db, principal);
  const told = references.redact(named, NAMED_FIELDS) as { cases: unknown[]; entries: unknown[] };
  return ![...told.cases, ...told.entries].some(isHiddenRecord);
}

const contentHashOf = (caseId: string, manifestSha256: string) =>
  sha256Hex(canonicalJson(manifestSignatureContent(caseId, manifestSha256)));

export const dossierDownloadPath = (caseId: string, exportId: string) =>
  `/api/cases/${caseId}/dossier?export=${exportId}`;

export async function beginDossierSigning(
  db: Db,
  store: EvidenceStore,
  rp: RelyingParty,
  caseId: string,
  principal: UserPrincipal,
) {
  if (!(await isCaseVisible(db, principal, caseId))) throw AppError.notFound('Case');
  const own = await listUserPasskeys(db, principal.userId);
  if (own.length === 0) throw conflict(NO_PASSKEY);
  const prepared = await prepareDossier(db, store, caseId, principal);
  const now = new Date();
  const row = await insertDossierExport(
    db,
    {
      caseId,
      userId: principal.userId,
      manifestSha256: prepared.manifestSha256,
      parts: await gzipAsync(JSON.stringify(prepared)),
      expiresAt: new Date(now.getTime() + DOSSIER_EXPORT_TTL_MS),
    },
    now,
  );
  const contentHash = contentHashOf(caseId, prepared.manifestSha256);
  const challenge = signingChallenge(contentHash, randomBytes(NONCE_BYTES));
  await issueChallenge(db, { purpose: 'signing', challenge, userId: principal.userId, contentHash });
  return {
    exportId: row.id,
    manifestSha256: prepared.manifestSha256,
    expiresAt: row.expiresAt.toISOString(),
    signingChallenge: challenge,
    options: signingRequestOptions(rp, challenge, own),
  };
}

async function requireExport(db: Db, caseId: string, exportId: string, principal: UserPrincipal) {
  const row = await findDossierExport(db, { id: exportId, caseId, userId: principal.userId });
  if (!row) throw new AppError('NOT_FOUND', EXPORT_GONE);
  return row;
}

/**
 * The challenge named in the answer is used up first (a failed answer cannot be tried again); it must
 * be the one issued for this export's manifest; then the passkey must be the caller's and the
 * assertion valid. The passkey's counter and the bundle are written in one transaction.
 */
export async function completeDossierSigning(
  db: Db,
  rp: RelyingParty,
  caseId: string,
  exportId: string,
  response: AuthenticationResponse,
  principal: UserPrincipal,
) {
  if (!(await isCaseVisible(db, principal, caseId))) throw AppError.notFound('Case');
  const challenge = challengeOfResponse(response.response.clientDataJSON);
  const issued = await consumeChallenge(db, challenge, { purpose: 'signing', userId: principal.userId });
  const row = await requireExport(db, caseId, exportId, principal);
  const contentHash = contentHashOf(row.caseId, row.manifestSha256);
  if (issued.journalEntryId !== null || issued.contentHash !== contentHash) {
    throw badResponse('This passkey challenge was issued for something else than this dossier');
  }
  if (row.signature) throw conflict('This dossier export is already signed');
  const coseToJwk = await loadCoseToJwk();
  const bundle = await db.transaction(async (tx) => {
    const signedAt = new Date();
    const passkey = await verifySigningAssertion(tx, rp, response, challenge, principal, signedAt);
    const parts = response.response;
    const signed: SignatureBundle = {
      format: SIGNATURE_BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      canonicalization: MANIFEST_SIGNATURE_CONTENT,
      content: { ...manifestSignatureContent(row.caseId, row.manifestSha256) },
      contentHash,
      challengeNonce: Buffer.from(challenge, 'base64url').subarray(32).toString('base64url'),
      rpId: rp.id,
      origin: rp.origin,
      signer: {
        name: fullName(principal) || principal.email,
        email: principal.email,
        passkeyName: passkey.name,
      },
      signedAt: signedAt.toISOString(),
      algorithm: SIGNATURE_ALGORITHM,
      credentialId: passkey.credentialId,
      publicKeyJwk: coseToJwk(passkey.publicKey),
      authenticatorData: parts.authenticatorData,
      clientDataJSON: parts.clientDataJSON,
      signature: parts.signature,
    };
    const stored = await storeDossierSignature(
      tx,
      row.id,
      Buffer.from(`${JSON.stringify(signed, null, 2)}\n`, 'utf8'),
    );
    if (!stored) throw conflict('This dossier export is already signed');
    return signed;
  });
  return {
    exportId: row.id,
    manifestSha256: row.manifestSha256,
    expiresAt: row.expiresAt.toISOString(),
    downloadUrl: dossierDownloadPath(row.caseId, row.id),
    signer: bundle.signer,
  };
}

/**
 * The signed dossier, streamed: its prepared files, the stored evidence, the manifest and the signature.
 * It was prepared with what the exporter could see then, up to DOSSIER_EXPORT_TTL_MS ago: every evidence
 * item it holds (another case's among them) must still be theirs to see, or nothing is sent (removed
 * from a group, or the evidence moved to a case they cannot see, they lose it at once). The signature
 * covers the whole manifest, so the package cannot be sent without an item.
 */
export async function downloadSignedDossier(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  exportId: string,
  principal: UserPrincipal,
) {
  if (!(await isCaseVisible(db, principal, caseId))) throw AppError.notFound('Case');
  const row: DossierExportRow = await requireExport(db, caseId, exportId, principal);
  if (!row.signature) {
    throw conflict('This dossier export is not signed yet: sign it with your passkey, then download it');
  }
  const prepared = JSON.parse((await gunzipAsync(row.parts)).toString('utf8')) as PreparedDossier;
  const { evidenceIds } = prepared.record;
  const visible = await findVisibleEvidenceIds(db, evidenceIds, principal);
  if (evidenceIds.some((id) => !visible.has(id))) throw conflict(EVIDENCE_NOW_HIDDEN);
  // The report names them by what the exporter saw when it was prepared.
  const named = prepared.record.namedRecords;
  if (named && !(await seesEveryNamed(db, principal, named))) throw conflict(NAMED_NOW_HIDDEN);
  const bundle = JSON.parse(row.signature.toString('utf8')) as SignatureBundle;
  return streamPreparedDossier(db, store, prepared, row.signature, principal, {
    passkeyName: bundle.signer.passkeyName,
  });
}
