import type { ExchangeImportResult } from '@scamtrail/domain/interchange';
import { api, type RequestOptions } from './api-client';
import { API_BASE_PATH, buildQueryString } from './api-url';

/**
 * The exchange formats in the web app: STIX 2.1 bundles of the identifier list's filter or of a case,
 * a case as a MISP event, and imports of a STIX bundle or MISP event into identifiers. The server's
 * routes are described in docs/interchange.md.
 */

export type ExchangeFormat = 'stix' | 'misp';

/** STIX 2.1 §1.7; saved as `.json`, which every tool opens. */
const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

const today = () => new Date().toISOString().slice(0, 10);

/** Hands a JSON document to the browser to save under `fileName`. */
function saveJson(document: unknown, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type }));
  try {
    const anchor = window.document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    window.document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoked after the click has been handled: the browser has taken the file by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The list's CSV download: its own route with `format=csv` (see CsvDownloadButton). */
export function listCsvHref(path: string, filters: RequestOptions['params']) {
  return `${API_BASE_PATH}${path}${buildQueryString({ ...filters, page: undefined, pageSize: undefined, format: 'csv' })}`;
}

/** `GET /api/identifiers/stix`: the identifiers under the list's filters as a STIX 2.1 bundle, saved. */
export async function downloadIdentifiersStix(filters: RequestOptions['params']): Promise<string> {
  const bundle = await api.get<unknown>('/identifiers/stix', {
    params: filters,
    headers: { Accept: `${STIX_MEDIA_TYPE}, application/json` },
  });
  const fileName = `identifiers-stix-${today()}.json`;
  saveJson(bundle, fileName, 'application/stix+json');
  return fileName;
}

/** `GET /api/cases/{id}/stix` or `/misp`: the case as a STIX 2.1 bundle or a MISP event, saved. */
export async function downloadCaseExchange(
  caseItem: { id: string; number: number },
  format: ExchangeFormat,
): Promise<string> {
  const path = `/cases/${encodeURIComponent(caseItem.id)}/${format}`;
  const document = await api.get<unknown>(path, {
    headers: format === 'stix' ? { Accept: `${STIX_MEDIA_TYPE}, application/json` } : undefined,
  });
  const fileName = `case-${caseItem.number}-${format === 'stix' ? 'stix' : 'misp-event'}.json`;
  saveJson(document, fileName, format === 'stix' ? 'application/stix+json' : 'application/json');
  return fileName;
}

/** A JSON file the identifier import reads: a STIX bundle or a MISP event, with what it holds. */
export interface ExchangeFile {
  format: ExchangeFormat;
  body: Record<string, unknown>;
  /** Objects (STIX) or attributes and objects (MISP) it holds, before the server reads them. */
  count: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a chosen JSON file as a STIX 2.1 bundle (`type: "bundle"`) or a MISP event (`{ Event }`, or
 * MISP's `{ response: [{ Event }] }`); throws with a reason for anything else.
 */
export function readExchangeFile(text: string): ExchangeFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The file is not valid JSON.');
  }
  if (isObject(value) && value.type === 'bundle') {
    const objects = Array.isArray(value.objects) ? value.objects.length : 0;
    return { format: 'stix', body: value, count: objects };
  }
  const wrapped =
    isObject(value) && Array.isArray(value.response) && isObject(value.response[0])
      ? value.response[0]
      : value;
  if (isObject(wrapped) && isObject(wrapped.Event)) {
    const event = wrapped.Event;
    const count =
      (Array.isArray(event.Attribute) ? event.Attribute.length : 0) +
      (Array.isArray(event.Object) ? event.Object.length : 0);
    return { format: 'misp', body: { Event: event }, count };
  }
  throw new Error('The file is neither a STIX 2.1 bundle nor a MISP event.');
}

/** `POST /api/identifiers/import/stix` or `/misp`: the file's observables as identifiers. */
export function importExchangeFile(file: ExchangeFile): Promise<ExchangeImportResult> {
  return api.post<ExchangeImportResult>(`/identifiers/import/${file.format}`, file.body, {
    idempotent: true,
  });
}
