import { randomBytes } from 'node:crypto';
import { fullName } from '@scamtrail/domain/names';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { AuthenticationResponse } from '@scamtrail/domain/passkeys';
import { PASSKEY_TIMEOUT_MS } from '@scamtrail/domain/passkeys';
import {
  CANONICALIZATION_VERSION,
  SIGNATURE_ALGORITHM,
  type SignBeginResponse,
} from '@scamtrail/domain/signatures';
import type { Db, DbOrTx } from '../../db/client';
import type { EntryRow } from '../../db/sql/entry-columns';
import { AppError } from '../../lib/errors';
import type { UserPrincipal } from '../auth/principal';
import { auditEvent } from '../events/audit-event';
import { recordEvent } from '../events/events.service';
import { touchCase } from '../cases/cases.service';
import { findEntry, requireVisibleEntry } from '../journal-entries/journal-entries.service';
import {
  assertNotNullified,
  lockVisibleEntry,
  lockWritableCase,
} from '../journal-entries/journal-entry.preconditions';
import { verifyPasskeyAssertion } from '../passkeys/passkey-assertion';
import type { RelyingParty } from '../passkeys/relying-party';
import { challengeOfResponse, consumeChallenge, issueChallenge } from '../passkeys/webauthn-challenges';
import { signingChallenge } from './bundle-verifier';
import { appendChainLink } from './journal-chain';
import { contentHashOf } from './signable-content';
import { findPasskeyByCredentialId, listUserPasskeys, recordPasskeyUse } from '../passkeys/passkeys.service';
import { findEntryContents, findSigner, insertSignature, isEntrySigned } from './signatures.repository';

/** Signing a journal entry with a passkey: begin (a challenge committing to the content), then complete. */

const NONCE_BYTES = 16;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Who may sign and what: the entry's originator, an entry not removed and not yet signed. */
async function assertSignable(db: DbOrTx, entry: EntryRow, principal: UserPrincipal): Promise<void> {
  if (entry.originatorId !== principal.originatorId) {
    throw AppError.forbidden("Only the entry's originator can sign it");
  }
  assertNotNullified(entry);
  if (await isEntrySigned(db, entry.id)) throw conflict('This journal entry is already signed');
}

async function currentContent(db: DbOrTx, entryId: string) {
  const [entry] = await findEntryContents(db, { ids: [entryId] });
  return contentHashOf(entry);
}

/**
 * Starts signing: a challenge of the entry's content hash and a random nonce, stored for this user
 * and entry, and WebAuthn request options limited to the caller's passkeys.
 */
export async function beginSigning(
  db: Db,
  rp: RelyingParty,
  entryId: string,
  principal: UserPrincipal,
): Promise<SignBeginResponse> {
  const entry = await requireVisibleEntry(db, entryId, principal);
  await assertSignable(db, entry, principal);
  const own = await listUserPasskeys(db, principal.userId);
  if (own.length === 0) {
    throw conflict('You have no passkey: add one on your profile, then sign the entry with it');
  }
  const { hash } = await currentContent(db, entryId);
  const challenge = signingChallenge(hash, randomBytes(NONCE_BYTES));
  await issueChallenge(db, {
    purpose: 'signing',
    challenge,
    userId: principal.userId,
    journalEntryId: entryId,
    contentHash: hash,
  });
  return { signingChallenge: challenge, options: signingRequestOptions(rp, challenge, own) };
}

/**
 * WebAuthn request options for a signing challenge, limited to the signer's passkeys: an entry's here,
 * a dossier manifest's in the dossier module.
 */
export function signingRequestOptions(
  rp: RelyingParty,
  challenge: string,
  own: Pick<Awaited<ReturnType<typeof listUserPasskeys>>[number], 'credentialId' | 'transports'>[],
): SignBeginResponse['options'] {
  return {
    challenge,
    rpId: rp.id,
    allowCredentials: own.map((passkey) => ({
      id: passkey.credentialId,
      type: 'public-key',
      transports: passkey.transports,
    })),
    userVerification: 'preferred',
    timeout: PASSKEY_TIMEOUT_MS,
  };
}

const badResponse = (message: string) => new AppError('BAD_REQUEST', message, { field: 'response' });

/**
 * The signing assertion checked, for an entry or a dossier's manifest: the passkey is the signer's own,
 * its signature over the challenge holds, and its counter moved on (recorded as used at `at`). Answers
 * the passkey; 400 on `response` otherwise.
 */
export async function verifySigningAssertion(
  tx: DbOrTx,
  rp: RelyingParty,
  response: AuthenticationResponse,
  challenge: string,
  principal: UserPrincipal,
  at: Date,
) {
  const passkey = await findPasskeyByCredentialId(tx, response.id);
  if (!passkey || passkey.userId !== principal.userId) {
    throw badResponse('This passkey is not one of yours');
  }
  const refuse = (reason: string) => badResponse(`The passkey answer could not be verified: ${reason}`);
  const { newCounter, credentialBackedUp } = await verifyPasskeyAssertion(
    rp,
    passkey,
    response,
    challenge,
    refuse,
  );
  if (!(await recordPasskeyUse(tx, passkey.id, { counter: newCounter, backedUp: credentialBackedUp, at }))) {
    throw refuse('the signature counter went backwards (a cloned passkey?)');
  }
  return passkey;
}

/**
 * Completes signing: the challenge named in the answer is used up first (a failed answer cannot be
 * tried again), then, with the entry locked, the content must still be what the challenge committed
 * to, the passkey the caller's, and the assertion valid. The signature, the passkey's counter, the
 * chain link and the audit row are written in one transaction.
 */
export async function completeSigning(
  db: Db,
  rp: RelyingParty,
  entryId: string,
  response: AuthenticationResponse,
  principal: UserPrincipal,
): Promise<JournalEntry> {
  const challenge = challengeOfResponse(response.response.clientDataJSON);
  const issued = await consumeChallenge(db, challenge, { purpose: 'signing', userId: principal.userId });
  if (issued.journalEntryId !== entryId)
    throw badResponse('This passkey challenge was issued for another entry');

  const row = await db.transaction(async (tx) => {
    const entry = await lockVisibleEntry(tx, entryId, principal);
    await assertSignable(tx, entry, principal);
    await lockWritableCase(tx, entry.caseId, principal);
    const content = await currentContent(tx, entryId);
    if (content.hash !== issued.contentHash) {
      throw conflict('The entry changed after signing began; review it and sign again');
    }
    const passkey = await verifySigningAssertion(tx, rp, response, challenge, principal, new Date());
    const signer = await findSigner(tx, principal.userId);
    const parts = response.response;
    const signature = await insertSignature(tx, {
      journalEntryId: entryId,
      passkeyId: passkey.id,
      signerUserId: principal.userId,
      signerName: fullName(signer),
      signerEmail: signer.email,
      passkeyName: passkey.name,
      credentialId: passkey.credentialId,
      publicKey: passkey.publicKey,
      algorithm: SIGNATURE_ALGORITHM,
      authenticatorData: Buffer.from(parts.authenticatorData, 'base64url'),
      clientDataJson: Buffer.from(parts.clientDataJSON, 'base64url'),
      signature: Buffer.from(parts.signature, 'base64url'),
      canonicalContent: content.canonical,
      contentHash: content.hash,
      canonicalizationVersion: CANONICALIZATION_VERSION,
      challengeNonce: Buffer.from(challenge, 'base64url').subarray(32).toString('base64url'),
      rpId: rp.id,
      origin: rp.origin,
    });
    await appendChainLink(tx, entryId, 'signed');
    await recordEvent(
      tx,
      auditEvent(principal, {
        action: 'journal_entry.signed',
        subjectType: 'journal_entry',
        subjectId: entryId,
        caseId: entry.caseId,
        after: { contentHash: content.hash, passkeyName: passkey.name, signatureId: signature.id },
      }),
    );
    await touchCase(tx, entry.caseId);
    return entry;
  });
  return findEntry(db, row.id, principal);
}
