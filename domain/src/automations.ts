import { z } from 'zod';
import { originatorSchema } from './originators';
import { isPermission, WILDCARD } from './permissions';
import { isoDateTime, nonEmptyPatch, optionalText, requiredText } from './schema-helpers';
import { responseText, text } from './text';

export const SYSTEM_NAME_MAX_LENGTH = 100;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const API_KEY_NAME_MAX_LENGTH = 100;

/**
 * An http(s) URL. The server also refuses private, loopback and link-local targets (unless the
 * operator allows them); that check needs DNS, so it lives on the server only.
 */
export const webhookUrlSchema = text({ label: 'Webhook URL', max: WEBHOOK_URL_MAX_LENGTH }).pipe(
  z.url({ protocol: /^https?$/, message: 'Webhook URL must be an http:// or https:// URL' }),
);

/**
 * What a caller who may not change the automation sees of its webhook URL: the origin alone (scheme,
 * host and port), as the path, the query or a user name may carry the receiver's token. The full URL
 * is for callers holding automation.edit (a key: for its own automation only). Null stays null.
 */
export function webhookUrlOrigin(url: string | null): string | null {
  if (url === null) return null;
  const parts = URL_ORIGIN.exec(url);
  return parts ? `${parts[1]}://${parts[2]}`.toLowerCase() : null;
}

/** Scheme, then the host and port after any user name and password (up to the last `@`). */
const URL_ORIGIN = /^(https?):\/\/(?:[^/?#\\]*@)?([^/?#\\@]+)/i;

const automationFields = {
  systemName: requiredText('System name', SYSTEM_NAME_MAX_LENGTH).describe('Unique, case-insensitively'),
  description: optionalText('Description'),
  /** Where the automation is notified; null clears it. */
  webhookUrl: webhookUrlSchema.nullable(),
  active: z.boolean().describe('Inactive automations cannot use their API keys'),
};

export const createAutomationBodySchema = z.object({
  systemName: automationFields.systemName,
  description: automationFields.description.default(''),
  webhookUrl: automationFields.webhookUrl.optional(),
  active: automationFields.active.default(true),
});
export type CreateAutomationBody = z.infer<typeof createAutomationBodySchema>;

export const updateAutomationBodySchema = nonEmptyPatch(automationFields);
export type UpdateAutomationBody = z.infer<typeof updateAutomationBodySchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** An API key as listed: never the secret or its hash. */
export const apiKeySchema = z
  .object({
    id: responseText(),
    automationId: responseText(),
    name: responseText(),
    /** The first characters of the key, to tell keys apart. */
    prefix: responseText().describe('First characters of the key, to tell keys apart'),
    scopes: z.array(responseText()),
    status: z.enum(API_KEY_STATUSES),
    createdAt: responseText(),
    /** The user who created the key, when a user did. */
    createdBy: responseText().nullable().describe('User id of the creator, when a user created it'),
    lastUsedAt: responseText().nullable(),
    expiresAt: responseText().nullable(),
    revokedAt: responseText().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** An API key's expiry must be to come; the server and the key dialog say so in these words. */
export const API_KEY_EXPIRY_PASSED = 'Expiry must be in the future';

/** A scope is one permission name; the wildcard cannot be delegated to a key. */
export const apiKeyScopeSchema = text({ label: 'Each scope', max: 100, trim: false })
  .refine(
    (s) => s !== WILDCARD,
    "The wildcard '*' cannot be given to an API key; list the permissions it needs",
  )
  .refine((s) => s === WILDCARD || isPermission(s), 'Unknown permission');

export const createApiKeyBodySchema = z.object({
  name: requiredText('Name', API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(apiKeyScopeSchema, { message: 'scopes must be a list of permissions' })
    .min(1, 'Choose at least one scope')
    .max(100)
    .describe('Permissions the key holds; each must also be held by whoever creates the key'),
  expiresAt: isoDateTime('Expiry', 'Expiry must be an ISO 8601 date and time')
    .refine((v) => Date.parse(v) > Date.now(), API_KEY_EXPIRY_PASSED)
    .nullable()
    .optional()
    .describe('Optional expiry; the key stops working at this time'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The answer to key creation: the only time the secret is shown. */
export const createdApiKeySchema = z
  .object({
    key: responseText().describe('The secret; shown only now. Send it as `Authorization: Bearer <key>`'),
    apiKey: apiKeySchema,
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const automationDetailSchema = originatorSchema
  .extend({
    apiKeys: z.array(apiKeySchema),
  })
  .meta({ id: 'AutomationDetail' });
export type AutomationDetail = z.infer<typeof automationDetailSchema>;

/** Status of a key at a given time. */
export function apiKeyStatus(
  key: { revokedAt: Date | string | null; expiresAt: Date | string | null },
  now = new Date(),
): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}
