import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import { Option, type Command } from 'commander';
import { apiError, CliError, EXIT } from '../errors';
import {
  DEFAULT_CHUNK_SIZE,
  formatOf,
  readImportChunks,
  type ImportChunk,
  type ImportFormat,
} from '../import-chunks';
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

/** A size as a person reads it: 812 B, 40 kB, 7.6 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 100 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The file's size; a file that cannot be read is refused before anything is sent. */
async function importFileSize(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw CliError.usage(`${path} is not a file`);
    return info.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** The file's chunks, read from disk as they are asked for. */
async function* fileChunks(path: string, format: ImportFormat, chunkSize: number) {
  try {
    yield* readImportChunks(createReadStream(path), format, chunkSize);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/**
 * Where each row's result goes as it comes back, so that nothing grows with the file: with --json,
 * into one JSON document written as it goes (`{"file","results":[...],"rows","summary"}`); without,
 * a line for each row that was not created, then the summary.
 */
function rowReporter(out: Output, path: string, clearBar: () => void) {
  let first = true;
  if (out.json) out.io.stdout.write(`{"file":${JSON.stringify(path)},"results":[`);
  return {
    row(result: RowResult) {
      if (out.json) {
        out.io.stdout.write(`${first ? '' : ','}\n${JSON.stringify(result)}`);
        first = false;
        return;
      }
      if (result.status === 'created') return;
      clearBar();
      if (result.status === 'duplicate') {
        out.say(`  row ${result.row}: duplicate of ${result.existingId ?? 'an earlier row'}`);
      } else {
        const why = (result.errors ?? []).map((error) => `${error.field}: ${error.message}`).join('; ');
        out.say(`  row ${result.row}: invalid: ${why}`);
      }
    },
    end(rows: number, summary: Summary, error?: string) {
      if (out.json) {
        out.io.stdout.write(
          `${first ? '' : '\n'}],"rows":${rows},"summary":${JSON.stringify(summary)}` +
            `${error ? `,"error":${JSON.stringify(error)}` : ''}}\n`,
        );
      } else if (!error) {
        out.say(
          `${path}: ${rows} rows: ${summary.created} created, ${summary.duplicates} duplicates, ${summary.invalid} invalid`,
        );
      }
    },
  };
}

interface Summary {
  created: number;
  duplicates: number;
  invalid: number;
}

/**
 * Imports a file in chunks, reading it as a stream: a first reading checks that every row can be read
 * (a broken file is refused before anything is sent) and counts them; the second sends each chunk as
 * it is read. Memory holds a chunk, not the file, and the results are written as they come back.
 */
export async function importFile(
  out: Output,
  path: string,
  options: { format?: string; chunkSize: number; progress: boolean },
) {
  const format = formatOf(path, options.format);
  const size = await importFileSize(path);
  let total = 0;
  for await (const chunk of fileChunks(path, format, options.chunkSize)) total += chunk.rows;
  const session = await requireSession(out.io.env);
  const interactive = isInteractive(out.io);
  const bar = options.progress
    ? new SingleBar({
        stream: out.io.stderr as NodeJS.WritableStream,
        format:
          'Importing [{bar}] {percentage}% of {size} | {rowsDone}/{rows} rows | {created} created, {duplicates} duplicates, {invalid} invalid',
        hideCursor: interactive,
        // Without a terminal (a CI log, a pipe) the bar is written as a line per update instead.
        noTTYOutput: true,
        notTTYSchedule: 1000,
      })
    : null;
  const summary: Summary = { created: 0, duplicates: 0, invalid: 0 };
  // A row's line on stdout replaces the bar's on a terminal; the bar draws itself again below it.
  const clearBar = () => {
    if (bar && interactive) out.io.stderr.write('\r\x1b[2K');
  };
  const report = rowReporter(out, path, clearBar);
  const run = randomUUID();
  const progress = () => ({ ...summary, size: formatBytes(size), rows: total, rowsDone: done });
  let done = 0;
  bar?.start(size, 0, progress());
  let index = 0;
  try {
    for await (const chunk of fileChunks(path, format, options.chunkSize)) {
      const results = await sendChunk(session, chunk, `scamtrail-cli-import-${run}-${index}`);
      index += 1;
      for (const result of results) {
        report.row(result);
        if (result.status === 'created') summary.created += 1;
        else if (result.status === 'duplicate') summary.duplicates += 1;
        else summary.invalid += 1;
      }
      done += chunk.rows;
      bar?.update(chunk.bytesRead, progress());
      // A reader slower than the server (a pipe, a terminal) holds the next chunk back, not memory.
      if ((out.io.stdout as { writableNeedDrain?: boolean }).writableNeedDrain) {
        await once(out.io.stdout, 'drain');
      }
    }
  } catch (error) {
    bar?.stop();
    const message = error instanceof Error ? error.message : String(error);
    report.end(done, summary, message);
    if (done > 0 && error instanceof CliError) {
      throw new CliError(
        `${error.message}\nRows 1-${done} were imported (${summary.created} created) before it.`,
        error.exitCode,
      );
    }
    throw error;
  }
  bar?.stop();
  report.end(total, summary);
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
