import type { ApiClient, Schemas } from './index';

/**
 * Calls written as a client of the API would write them, compiled by `npm run typecheck` and never
 * run: a route whose schema drifts (a field renamed, a type narrowed, an operation gone) changes the
 * generated types and breaks this file, so the change is a decision rather than an accident.
 */

/** The descriptions of a case's journal, page by page. */
export async function journalDescriptions(
  client: ApiClient,
  caseId: string,
  page: number,
): Promise<string[]> {
  const { data, error } = await client.GET('/api/cases/{id}/journal-entries', {
    params: { path: { id: caseId }, query: { page, pageSize: 25 } },
  });
  if (error) throw new Error(`${error.error.code}: ${error.error.message}`);
  return data.data.map((entry) => entry.description);
}

/** An identifier's data is the data of its type: `type` tells them apart. */
export function identifierSummary(identifier: Schemas['Identifier']): string {
  switch (identifier.type) {
    case 'phone':
      return `${identifier.data.countryCode} ${identifier.data.number}`;
    case 'crypto_wallet':
      return `${identifier.data.network}: ${identifier.data.address}`;
    case 'bank_account':
      return `${identifier.data.bankName} ${identifier.data.accountNumber}`;
    default:
      return identifier.displayValue;
  }
}

/** Creating takes the type's own data, and an Idempotency-Key makes a retry safe. */
export async function reportEmail(client: ApiClient, address: string, retryKey: string): Promise<string> {
  const { data, error } = await client.POST('/api/identifiers', {
    params: { header: { 'idempotency-key': retryKey } },
    body: { type: 'email', data: { address } },
  });
  if (error) throw new Error(error.error.code === 'CONFLICT' ? 'Already on record' : error.error.message);
  return data.id;
}

/** A change sent with the version it was made from; a stale one answers 412 with the case as it is. */
export async function renameCase(client: ApiClient, current: Schemas['Case'], etag: string, title: string) {
  const { data, error, response } = await client.PATCH('/api/cases/{id}', {
    params: { path: { id: current.id }, header: { 'if-match': etag } },
    body: { title },
  });
  if (response.status === 412) return { stale: true as const, current: error?.error.details?.current };
  if (error) throw new Error(error.error.message);
  return { stale: false as const, updated: data };
}
