import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { KeysetPosition } from '../db/keyset';

/**
 * CSV downloads of list routes. A list route opts in with `config.csv` (its columns and file name);
 * this plugin then answers `Accept: text/csv` or `?format=csv` with the whole filtered list as CSV,
 * streamed: it reads the list by keyset with the route's `read` (the list's own filter, access rules
 * and visibility, its order, each page after the last row of the one before) and writes each page's
 * rows before reading the next, so memory holds one page whatever the list's size. Cells are
 * written as OWASP's "CSV injection" page says: a cell starting with = + - @, a tab or a carriage
 * return is prefixed with a single quote.
 */

/** One column: its header and its cell for one item of the list's `data`. */
export interface CsvColumn<T> {
  header: string;
  cell: (item: T) => string | number | boolean | null | undefined;
}

/** A list's CSV file: its name and columns (`modules/interchange/list-csv.ts`). */
export interface CsvFormat<T = never> {
  /** The download's file name, without `.csv`: "identifiers". */
  fileName: string;
  columns: readonly CsvColumn<T>[];
}

export interface CsvExport<T = never> extends CsvFormat<T> {
  /**
   * Reads `limit` rows of the list under the request's filters, as the caller may see them, in the
   * list's order, after the position `after` (from the start when undefined): the list's keyset read.
   */
  read: (request: FastifyRequest, after: KeysetPosition | undefined, limit: number) => Promise<CsvPage>;
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

/** One page of a keyset read: the rows in the list's order, and the position after the last. */
export interface CsvPage {
  data: readonly unknown[];
  /**
   * The last row's keys (see `KeysetPosition`), to read the next page from; undefined when the read
   * came back short (the end of the list). A full read may present fewer rows (one deleted between
   * the read of the page's ids and of its items): `next` still says where it ended.
   */
  next: KeysetPosition | undefined;
}

/**
 * The rows of the list, page after page, each read by keyset after the last row of the one before
 * (`read`), until a read comes back short. A row inserted or deleted anywhere meanwhile moves no other
 * row across the read position, so every row that exists for the whole download is written once;
 * one added ahead of the position is in the file, one added behind it is not.
 */
export async function* csvLines(
  first: CsvPage,
  read: (after: KeysetPosition) => Promise<CsvPage>,
  columns: readonly CsvColumn<unknown>[],
): AsyncGenerator<string> {
  yield `\uFEFF${csvRow(columns.map((column) => column.header))}`;
  let current = first;
  for (;;) {
    let chunk = '';
    for (const item of current.data) chunk += csvRow(columns.map((column) => column.cell(item)));
    if (chunk) yield chunk;
    if (!current.next) return;
    current = await read(current.next);
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
      return sendCsv(request, reply, csv);
    };
  });
});

async function sendCsv(request: FastifyRequest, reply: FastifyReply, csv: CsvExport<unknown>) {
  // The first page is read before the answer starts: a refused filter (an invisible case) is still a
  // 4xx answer of its own, not a broken download.
  const first = await csv.read(request, undefined, CSV_PAGE_SIZE);
  const body = Readable.from(
    csvLines(
      first,
      (after) => csv.read(request, after, CSV_PAGE_SIZE),
      csv.columns as readonly CsvColumn<unknown>[],
    ),
    {
      objectMode: false,
    },
  );
  body.on('error', (err) => request.log.error({ err }, 'CSV download stopped'));
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CSV_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${csv.fileName}-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .header('vary', 'accept')
    .send(body);
}
