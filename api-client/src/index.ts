import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

/**
 * `@scamtrail/api-client`: the Scamtrail API as TypeScript, generated from the OpenAPI document the
 * server serves (`npm run generate:api-client`; `npm run lint:openapi` fails while the committed
 * types are not what the routes generate).
 */

export type { components, operations, paths } from './schema';

/** The named schemas of the document: `Schemas['Case']`, `Schemas['Identifier']`, `Schemas['Error']`... */
export type Schemas = components['schemas'];

export type ApiClient = Client<paths>;

/**
 * A typed client: `client.GET('/api/cases/{id}', { params: { path: { id } } })` answers `{ data }`
 * typed as the operation's success answer or `{ error }` as its error answer. A browser on the app's
 * origin needs nothing more (its session cookie goes along); an automation passes `baseUrl` and
 * `headers: { Authorization: 'Bearer <api key>' }`.
 */
export function createApiClient(options: ClientOptions = {}): ApiClient {
  return createClient<paths>(options);
}
