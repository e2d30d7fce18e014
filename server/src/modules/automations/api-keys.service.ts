import {
  apiKeyStatus,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@scamtrail/domain/automations';
import { toPagination, type Pagination } from '@scamtrail/domain/pagination';
import type { Db, DbOrTx } from '../../db/client';
import { fieldConflict } from '../../lib/conflicts';
import { AppError } from '../../lib/errors';
import { assertCanGrant } from '../../lib/grants';
import { iso } from '../../lib/schemas';
import { generateApiKey, sha256Hex } from '../../lib/tokens';
import type { Principal } from '../auth/principal';
import { recordEvent } from '../events/events.service';
import { requireOriginatorRow } from '../originators/originators.service';
import {
  findApiKeyRow,
  findLiveSessionExpiry,
  hasLiveKeyNamed,
  insertApiKey,
  lockAutomationKeys,
  listApiKeyRows,
  revokeApiKeyRow,
  revokeMintedKeyRows,
  type ApiKeyRow,
} from './api-keys.repository';

/**
 * The public shape of a key: never the secret or its hash. A key whose device sign-in ended before the
 * key itself did (`signInEndedAt`, listed keys) is shown revoked from then: it no longer works.
 */
export function toApiKey(row: ApiKeyRow & { signInEndedAt?: Date | null }, now = new Date()): ApiKey {
  const ended = row.signInEndedAt ?? null;
  const endedFirst = ended && (!row.expiresAt || ended < row.expiresAt) ? ended : null;
  const revokedAt = row.revokedAt ?? endedFirst;
  return {
    id: row.id,
    automationId: row.automationId,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: apiKeyStatus({ revokedAt, expiresAt: row.expiresAt }, now),
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(revokedAt),
  };
}

/** A key minting a key: its own row, live now (checked under the automation's lock), or 401. */
async function requireLiveMinter(tx: DbOrTx, automationId: string, keyId: string, now: Date) {
  const minter = await findApiKeyRow(tx, automationId, keyId);
  if (!minter || apiKeyStatus(minter, now) !== 'active') {
    throw AppError.unauthenticated('Invalid, expired or revoked API key');
  }
  return minter;
}

export const MINTED_KEY_EXPIRY_MESSAGE = 'A key made by an API key expires no later than that key';
export const DEVICE_KEY_EXPIRY_MESSAGE =
  "A key made with a device sign-in's token expires no later than that sign-in";

/**
 * A key made with a device sign-in's token (RFC 8628, modules/oauth) expires no later than that
 * sign-in's session (400 naming expiresAt otherwise, a key without expiry too): the key must not keep
 * the token's access alive past the session the user approved, for up to DEVICE_SESSION_MAX_DAYS.
 */
async function assertWithinDeviceSession(
  tx: DbOrTx,
  principal: Principal,
  expiresAt: string | null | undefined,
) {
  if (principal.kind !== 'user' || !principal.clientId) return;
  const until = await findLiveSessionExpiry(tx, principal.sessionId);
  if (!until) throw AppError.unauthenticated('Invalid, expired or revoked access token');
  if (!expiresAt || new Date(expiresAt) > until) {
    throw AppError.validation([
      { field: 'expiresAt', message: `${DEVICE_KEY_EXPIRY_MESSAGE}: on or before ${until.toISOString()}` },
    ]);
  }
}

/**
 * Creates a key for an active automation. Its scopes must all be held by the caller, so nobody
 * (person or key) can mint a key stronger than themself. A key minted by a key expires no later than
 * it (400 naming expiresAt otherwise) and is revoked with it (`revokeApiKey`), so it never outlives
 * the key it came from. A key made with a device sign-in's token, or minted by such a key, records
 * that sign-in and works only while it does (`findApiKeyPrincipal`): signing the device out, however
 * it is done, ends its keys too. Its name is not that of another live key of
 * the automation (409 naming the field); a revoked or expired key's name may be used again. The secret
 * is answered once.
 */
export async function createApiKey(
  db: Db,
  automationId: string,
  body: CreateApiKeyBody,
  principal: Principal,
): Promise<CreatedApiKey> {
  const automation = await requireOriginatorRow(db, automationId, 'automation');
  if (!automation.originator.active) {
    throw new AppError('BAD_REQUEST', 'This automation is deactivated; reactivate it before creating keys');
  }
  const scopes = [...new Set(body.scopes)];
  assertCanGrant(principal, scopes, 'scopes', 'a key permissions');
  const { key, prefix } = generateApiKey();
  const row = await db.transaction(async (tx) => {
    // Keys are told apart by name in the list, in the audit log and by those who hold them.
    await lockAutomationKeys(tx, automationId);
    // The device sign-in the key ends with (findApiKeyPrincipal): the one whose token makes it, or the
    // one its minter ends with. A key made in the browser ends with none.
    let sessionId = principal.kind === 'user' && principal.clientId ? principal.sessionId : null;
    if (principal.kind === 'api_key') {
      // Under the lock a revocation of the minter takes too: it cannot miss a key minted meanwhile.
      const minter = await requireLiveMinter(tx, automationId, principal.apiKeyId, new Date());
      sessionId = minter.sessionId;
      if (minter.expiresAt && (!body.expiresAt || new Date(body.expiresAt) > minter.expiresAt)) {
        throw AppError.validation([
          {
            field: 'expiresAt',
            message: `${MINTED_KEY_EXPIRY_MESSAGE}: on or before ${minter.expiresAt.toISOString()}`,
          },
        ]);
      }
    }
    await assertWithinDeviceSession(tx, principal, body.expiresAt);
    if (await hasLiveKeyNamed(tx, automationId, body.name)) {
      throw fieldConflict('name', `This automation already has a key named “${body.name}”`);
    }
    const inserted = await insertApiKey(tx, {
      automationId,
      name: body.name,
      prefix,
      secretHash: sha256Hex(key),
      scopes,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      // A key minted by a key answers to the same person: their current role bounds both.
      createdBy: principal.kind === 'user' ? principal.userId : principal.creatorUserId,
      mintedBy: principal.kind === 'api_key' ? principal.apiKeyId : null,
      sessionId,
    });
    await recordEvent(tx, {
      type: 'api_key.created',
      actorOriginatorId: principal.originatorId,
      subjectType: 'api_key',
      subjectId: inserted.id,
      data: { automationId, name: body.name, prefix, scopes, expiresAt: body.expiresAt ?? null },
    });
    return inserted;
  });
  return { key, apiKey: toApiKey(row) };
}

/** A page of the automation's keys; one whose device sign-in has ended is shown revoked. */
export async function listApiKeys(
  db: Db,
  automationId: string,
  page: { page: number; pageSize: number },
  limits: { deviceSessionIdleMs: number },
): Promise<{ data: ApiKey[]; pagination: Pagination }> {
  await requireOriginatorRow(db, automationId, 'automation');
  const now = new Date();
  const { rows, total } = await listApiKeyRows(db, automationId, page, {
    now,
    deviceIdleMs: limits.deviceSessionIdleMs,
  });
  return {
    data: rows.map((row) => toApiKey(row, now)),
    pagination: toPagination(page.page, page.pageSize, total),
  };
}

/**
 * Revokes a key at once, and every live key minted from it however far down (each with its own
 * event); revoking a revoked key revokes only what it minted that still lives, and answers it as it is.
 */
export async function revokeApiKey(
  db: Db,
  automationId: string,
  keyId: string,
  principal: Principal,
): Promise<ApiKey> {
  const existing = await findApiKeyRow(db, automationId, keyId);
  if (!existing) throw AppError.notFound('API key');
  const revoked = await db.transaction(async (tx) => {
    // The lock a key minting a key takes: a key minted from this one either is seen below or sees it revoked.
    await lockAutomationKeys(tx, automationId);
    const at = new Date();
    const row = await revokeApiKeyRow(tx, keyId, at);
    if (row) {
      await recordEvent(tx, {
        type: 'api_key.revoked',
        actorOriginatorId: principal.originatorId,
        subjectType: 'api_key',
        subjectId: keyId,
        data: { automationId, prefix: row.prefix },
      });
    }
    for (const minted of await revokeMintedKeyRows(tx, keyId, at)) {
      await recordEvent(tx, {
        type: 'api_key.revoked',
        actorOriginatorId: principal.originatorId,
        subjectType: 'api_key',
        subjectId: minted.id,
        data: { automationId, prefix: minted.prefix, mintedBy: minted.mintedBy },
      });
    }
    return row;
  });
  return toApiKey(revoked ?? existing);
}
