import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import { Option, type Command } from 'commander';
import { apiError, CliError, EXIT } from '../errors';
import { DEFAULT_CHUNK_SIZE, formatOf, importChunks, type ImportChunk } from '../import-chunks';
import { isInteractive, type Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap, type Session } from '../session';
import { positiveInteger, table } from '../table';

const TYPES = ['email', 'phone', 'bank_account', 'zelle', 'crypto_wallet', 'social_media', 'other'] as const;

interface SearchOptions {
  type?: (typeof TYPES)[number];
  page: number;
  pageSize: number;
}

async function searchIdentifiers(out: Output, text: string, options: SearchOptions) {
  const { api } = await requireSession(out.io.env);
  const answer = await unwrap(
    api.GET('/api/identifiers', {
      params: { query: { search: text, type: options.type, page: options.page, pageSize: options.pageSize } },
    }),
    'Searching identifiers',
  );
  if (out.json) {
    out.emit(answer);
    return;
  }
  if (answer.data.length === 0) {
    out.say(`No identifier matches "${text}"`);
    return;
  }
  out.say(
    table(
      ['ID', 'TYPE', 'CONFIDENCE', 'VALUE'],
      answer.data.map((item) => [
        item.id,
        item.typeLabel,
        item.confidence ? String(item.confidence.score) : '-',
        item.displayValue,
      ]),
    ),
  );
  const { page, totalPages, totalItems } = answer.pagination;
  out.say(`\nPage ${page} of ${totalPages} (${totalItems} identifiers)`);
}

interface RowResult {
  row: number;
  status: 'created' | 'duplicate' | 'invalid';
  id?: string;
  existingId?: string;
  errors?: { field: string; message: string }[];
}

/** Sends one chunk; a retried chunk (same Idempotency-Key) is answered from the first, never imported twice. */
async function sendChunk(session: Session, chunk: ImportChunk, key: string): Promise<RowResult[]> {
  const headers = { 'idempotency-key': key };
  const call =
    chunk.format === 'csv'
      ? session.api.POST('/api/identifiers/import', {
          // The route reads a text/csv body as an uploaded file; openapi-fetch would JSON-encode it.
          body: chunk.body as never,
          bodySerializer: (body: unknown) => body as string,
          headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
        })
      : session.api.POST('/api/identifiers/import', { body: chunk.body as never, headers });
  const { data, error, response } = await call;
  if (!data) {
    const failure = apiError(
      response.status,
      error,
      `Importing rows ${chunk.firstRow}-${chunk.firstRow + chunk.rows - 1}`,
    );
    throw failure;
  }
  // The server numbers rows within the request; the file's numbering continues across chunks.
  return data.data.map((result) => ({ ...result, row: result.row + chunk.firstRow - 1 }));
}

async function importFile(
  out: Output,
  path: string,
  options: { format?: string; chunkSize: number; progress: boolean },
) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const chunks = importChunks(text, formatOf(path, options.format), options.chunkSize);
  const session = await requireSession(out.io.env);
  const total = chunks.reduce((sum, chunk) => sum + chunk.rows, 0);
  const bar = options.progress
    ? new SingleBar({
        stream: out.io.stderr as NodeJS.WritableStream,
        format:
          'Importing [{bar}] {value}/{total} rows ({percentage}%) | {created} created, {duplicates} duplicates, {invalid} invalid',
        hideCursor: isInteractive(out.io),
        // Without a terminal (a CI log, a pipe) the bar is written as a line per update instead.
        noTTYOutput: true,
        notTTYSchedule: 1000,
      })
    : null;
  const summary = { created: 0, duplicates: 0, invalid: 0 };
  const rows: RowResult[] = [];
  const run = randomUUID();
  bar?.start(total, 0, summary);
  let done = 0;
  try {
    for (const [index, chunk] of chunks.entries()) {
      const results = await sendChunk(session, chunk, `scamtrail-cli-import-${run}-${index}`);
      for (const result of results) {
        rows.push(result);
        if (result.status === 'created') summary.created += 1;
        else if (result.status === 'duplicate') summary.duplicates += 1;
        else summary.invalid += 1;
      }
      done += chunk.rows;
      bar?.update(done, summary);
    }
  } catch (error) {
    bar?.stop();
    if (done > 0 && error instanceof CliError) {
      throw new CliError(
        `${error.message}\nRows 1-${done} were imported (${summary.created} created) before it.`,
        error.exitCode,
      );
    }
    throw error;
  }
  bar?.stop();

  if (out.json) out.emit({ file: path, rows: total, summary, results: rows });
  else {
    out.say(
      `${path}: ${total} rows: ${summary.created} created, ${summary.duplicates} duplicates, ${summary.invalid} invalid`,
    );
    for (const result of rows) {
      if (result.status === 'duplicate')
        out.say(`  row ${result.row}: duplicate of ${result.existingId ?? 'an earlier row'}`);
      if (result.status === 'invalid') {
        const why = (result.errors ?? []).map((error) => `${error.field}: ${error.message}`).join('; ');
        out.say(`  row ${result.row}: invalid: ${why}`);
      }
    }
  }
  if (summary.invalid > 0)
    throw new CliError(`${summary.invalid} of ${total} rows were invalid and not imported`, EXIT.failure);
}

export function identifierCommands(program: Command, run: Runner) {
  const identifiers = program
    .command('identifiers')
    .description('Identifiers: e-mail addresses, phones, accounts, wallets...');
  withExamples(
    identifiers
      .command('search')
      .description('Find identifiers whose value contains TEXT')
      .argument('<text>', 'a part of the value as displayed')
      .addOption(new Option('--type <type>', 'only identifiers of this type').choices(TYPES))
      .option('--page <n>', 'page number', positiveInteger('--page'), 1)
      .option('--page-size <n>', 'identifiers per page (at most 100)', positiveInteger('--page-size'), 25),
    ['scamtrail identifiers search example.org', 'scamtrail identifiers search 7700 --type phone --json'],
  ).action(run((out, text: string, options: SearchOptions) => searchIdentifiers(out, text, options)));

  withExamples(
    identifiers
      .command('import')
      .description(
        'Import identifiers from a CSV (a header with a "type" column and data field columns) or JSON file ' +
          '(an array of { type, data }, or JSON lines), in chunks, with a per-row result',
      )
      .argument('<file>', 'the .csv, .json or .jsonl file')
      .addOption(
        new Option('--format <format>', 'the file format, when its name does not say').choices([
          'csv',
          'json',
          'jsonl',
        ]),
      )
      .option(
        '--chunk-size <rows>',
        'rows per request (at most 5000)',
        positiveInteger('--chunk-size'),
        DEFAULT_CHUNK_SIZE,
      )
      .option('--no-progress', 'do not show the progress bar'),
    [
      'scamtrail identifiers import bank-export.csv',
      'scamtrail identifiers import reports.json --json > results.json',
    ],
  ).action(
    run((out, path: string, options: { format?: string; chunkSize: number; progress: boolean }) =>
      importFile(out, path, options),
    ),
  );
}
