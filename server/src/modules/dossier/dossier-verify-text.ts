import type { DossierData } from './dossier-data';
import {
  CHAIN_FILE,
  EVIDENCE_DIR,
  JSONLD_FILE,
  MANIFEST_FILE,
  MANIFEST_SIGNATURE_FILE,
  REPORT_FILE,
  SIGNATURES_DIR,
  type ManifestSigning,
} from './dossier-format';

/** `VERIFY.txt`: what the package holds and how to check it, in plain words. */
export function verifyText(
  data: DossierData,
  ctx: {
    exportedBy: string;
    exportedAt: string;
    serverVersion: string;
    chainHead: string | null;
    signing: ManifestSigning;
  },
): string {
  const c = data.case;
  const signed = data.bundles.size;
  return `SCAMTRAIL CASE DOSSIER
Case #${c.number}: ${c.title}
Case id: ${c.id}
Exported by ${ctx.exportedBy} on ${ctx.exportedAt} (Scamtrail ${ctx.serverVersion})

WHAT THIS PACKAGE HOLDS
  ${REPORT_FILE}          the case, its timeline, identifiers, evidence, custody and tasks; opens in
                       any browser with no network and prints to PDF
  ${EVIDENCE_DIR}            every evidence file as stored, named <SHA-256>-<name>; written evidence as .txt
  ${SIGNATURES_DIR}          the signature bundle of each signed journal entry (${signed} in this dossier)
  ${CHAIN_FILE}   the case journal's hash chain (${data.chain.links.length} links), head
                       ${ctx.chainHead ?? 'none: the journal is empty'}
  ${JSONLD_FILE}          the case in the CASE/UCO ontology, with the chain of custody
  ${MANIFEST_FILE}        every other file with its SHA-256 and size

${signatureText(ctx)}
HOW TO CHECK IT
  1. With Scamtrail, offline:   npm run verify -- dossier.zip    (or: scamtrail verify dossier.zip)
     It recomputes every file's SHA-256 against ${MANIFEST_FILE}, each evidence file's against the
     report and the chain of custody, every signature bundle, the hash chain, and names any file
     changed, removed or added. It exits with 1 when any check fails.
  2. By hand: unzip, then run   sha256sum <file>   for each file and compare it with its line in
     ${MANIFEST_FILE}. An evidence file's name begins with its SHA-256, which is also in the report's
     evidence table and in the "added" event of its chain of custody.
  3. Each bundle in ${SIGNATURES_DIR} can be checked alone:   npm run verify -- signatures/<entry>.json

WHAT THE SERVER FOUND WHEN EXPORTING
  Signatures: ${data.signatures.summary.valid} valid, ${data.signatures.summary.invalid} invalid, ${data.signatures.summary.unsigned} unsigned, of ${data.signatures.summary.total} entries.
  Journal chain: ${data.integrity.intact ? 'intact' : `broken: ${data.integrity.firstBreak?.reason ?? ''}`}.
`;
}

function signatureText(ctx: { exportedBy: string; signing: ManifestSigning }): string {
  if (ctx.signing === 'passkey') {
    return `THE MANIFEST'S SIGNATURE
  This dossier is signed by its exporter, ${ctx.exportedBy}, with a passkey: ${MANIFEST_SIGNATURE_FILE}
  is a signature bundle (the format of the entries' bundles) over the SHA-256 of ${MANIFEST_FILE}, with
  the passkey's public key. As the manifest names every other file's hash, the signature covers the whole
  package and shows who made it. ${MANIFEST_FILE} states that it is signed: a dossier of this export
  without ${MANIFEST_SIGNATURE_FILE} has lost its signature, and the verifier says so.
`;
  }
  return `THE MANIFEST'S SIGNATURE
  This dossier is NOT signed: there is no ${MANIFEST_SIGNATURE_FILE}. The manifest's hashes show whether
  any file changed since the export, but nothing in the package proves who made it; ask the
  exporter for the manifest's SHA-256 (recorded in the case's History on the server) and compare.
`;
}
