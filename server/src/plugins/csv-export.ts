import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { JsonText } from '../lib/json-text';

/**
 * CSV downloads of list routes. A list route opts in with `config.csv` (its columns and file name);
 * this plugin then answers `Accept: text/csv` or `?format=csv` with the whole filtered list as CSV,
 * streamed: it calls the route's own handler page by page (the same service, the same access rules,
 * visibility and filters as the JSON list) and writes each page's rows before reading the next, so
 * memory holds one page whatever the list's size. Cells are written as OWASP's "CSV injection" page
 * says: a cell starting with = + - @, a tab or a carriage return is prefixed with a single quote.
 */

/** One column: its header and its cell for one item of the list's `data`. */
export interface CsvColumn<T> {
  header: string;
  cell: (item: T) => string | number | boolean | null | undefined;
}

export interface CsvExport<T = never> {
  /** The download's file name, without `.csv`: "identifiers". */
  fileName: string;
  columns: readonly CsvColumn<T>[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The list's CSV download: see `csvExportPlugin`. */
    csv?: CsvExport<never>;
  }
}

/** Items read per page while streaming: the page the list's own query reads at once. */
export const CSV_PAGE_SIZE = 1000;
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text escaped against formulas, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers (a negative amount stays a number); only text can be a formula.
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Whether the caller asked for CSV: `?format=csv`, or an Accept header that weighs text/csv above
 * JSON (a browser's link cannot set headers, an API client can).
 */
function wantsCsv(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.format === 'csv') return true;
  if (query?.format === 'json') return false;
  const accept = request.headers.accept;
  if (!accept) return false;
  let csv = 0;
  let json = 0;
  for (const part of accept.toLowerCase().split(',')) {
    const [type, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (type === 'text/csv') csv = Math.max(csv, weight);
    else if (type === 'application/json' || type === '*/*') json = Math.max(json, weight);
  }
  return csv > 0 && csv >= json;
}

type Page = { data: unknown[] };

function readPageAnswer(answer: unknown): Page {
  const value = answer instanceof JsonText ? (JSON.parse(answer.text) as unknown) : answer;
  return value as Page;
}

/**
 * Pages whose ids are remembered to drop repeats: rows added before the read position while the
 * download runs push rows already written into the next page (offset paging), up to this many pages'
 * worth of additions between two reads.
 */
export const CSV_REPEAT_WINDOW_PAGES = 3;

const idOf = (item: unknown) =>
  typeof item === 'object' && item !== null && 'id' in item
    ? String((item as { id: unknown }).id)
    : undefined;

/**
 * The rows of the list, page after page, until a page comes back short. Pages are read by offset:
 * a row added before the read position while the download runs pushes the rows after it down, so the
 * next page starts with rows already written. Those are dropped by id (the ids of the last pages are
 * kept), so no row is written twice; a row added before the read position is not in the file (it was
 * added after the download began), and no row present when it began is missed. (A row deleted before
 * the read position pulls one row back into the page already read: that one is missed. Keyset pages
 * in each list's repository would close that too.)
 */
export async function* csvLines(
  first: Page,
  next: (page: number) => Promise<Page>,
  columns: readonly CsvColumn<unknown>[],
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(columns.map((column) => column.header))}`;
  const recent: Set<string>[] = [];
  const written = (id: string | undefined) => id !== undefined && recent.some((ids) => ids.has(id));
  let current = first;
  for (let page = 1; ; page += 1) {
    let chunk = '';
    const ids = new Set<string>();
    for (const item of current.data) {
      const id = idOf(item);
      if (written(id)) continue;
      if (id !== undefined) ids.add(id);
      chunk += csvRow(columns.map((column) => column.cell(item)));
    }
    if (chunk) yield chunk;
    if (current.data.length < pageSize) return;
    recent.push(ids);
    if (recent.length > CSV_REPEAT_WINDOW_PAGES) recent.shift();
    current = await next(page + 1);
  }
}

/** The querystring with `format` beside the list's own filters, so the document names it. */
function withFormatParameter(querystring: unknown): unknown {
  if (!(querystring instanceof z.ZodObject)) return querystring;
  return querystring.extend({
    format: z
      .enum(['json', 'csv'], { message: 'format must be json or csv' })
      .optional()
      .describe(
        'csv: the whole list under these filters as a CSV download (as `Accept: text/csv`); ' +
          'page and pageSize are then ignored',
      ),
  });
}

export const csvExportPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const csv = route.config?.csv as CsvExport<unknown> | undefined;
    if (!csv) return;
    const schema = route.schema as { querystring?: unknown; description?: string } | undefined;
    if (schema) {
      schema.querystring = withFormatParameter(schema.querystring);
      schema.description =
        `${schema.description ? `${schema.description} ` : ''}With \`Accept: text/csv\` or \`?format=csv\`, ` +
        'answers the whole list under the same filters as a CSV file (text/csv, streamed), its cells ' +
        'escaped against spreadsheet formulas.';
    }
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function csvOrList(this: FastifyInstance, request, reply) {
      const query = request.query as Record<string, unknown>;
      const csvWanted = wantsCsv(request);
      delete query.format;
      if (!csvWanted) return handler.call(this, request, reply);
      return sendCsv(this, request, reply, handler, csv);
    };
  });
});

async function sendCsv(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: RouteHandlerMethod,
  csv: CsvExport<unknown>,
) {
  const filters = request.query as Record<string, unknown>;
  const readPage = async (page: number) => {
    request.query = { ...filters, page, pageSize: CSV_PAGE_SIZE };
    return readPageAnswer(await handler.call(app, request, reply));
  };
  // The first page is read before the answer starts: a refused filter (an invisible case) is still a
  // 4xx answer of its own, not a broken download.
  const first = await readPage(1);
  const body = Readable.from(csvLines(first, readPage, csv.columns as readonly CsvColumn<unknown>[]), {
    objectMode: false,
  });
  body.on('error', (err) => request.log.error({ err }, 'CSV download stopped'));
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CSV_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${csv.fileName}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept')
    .send(body);
}
