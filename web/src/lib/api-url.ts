/**
 * How the web app names an API request, without the client around it: the early step that index.html
 * runs before any module (first-requests.ts) asks for the same URLs as the app, built by this code.
 * Nothing here may import a library: that step is inlined into the page at build time.
 */

/** Every call goes under this base path (spec 9). */
export const API_BASE_PATH = '/api';

/** The headers of every request; a request with a body adds its Content-Type. */
export const ACCEPT_JSON = { Accept: 'application/json' } as const;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** A GET request of the API: its path under API_BASE_PATH and its query parameters. */
export interface ApiGet {
  path: string;
  params?: QueryParams;
}

/** Arrays repeat the key (`ids=a&ids=b`); null and undefined are left out. */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** The URL the API client fetches for `path` and `params` under `baseUrl`. */
export function apiUrl(path: string, params?: QueryParams, baseUrl = API_BASE_PATH): string {
  return `${baseUrl}${path}${buildQueryString(params)}`;
}
