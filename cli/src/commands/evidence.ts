import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Command } from 'commander';
import ora from 'ora';
import { CliError } from '../errors';
import { isInteractive, type Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap, type Session } from '../session';
import { findCaseId } from './cases';
import { formatBytes } from './identifiers';

interface Added {
  file: string;
  evidenceId: string;
  size: number;
  sha256: string;
  serverSha256: string | null;
}

/** A multipart header's quoted value, escaped as browsers escape a form's file name. */
const quoted = (value: string) =>
  `"${value.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}"`;

/** A stream that reads the next piece only when the request asks for one (backpressure). */
function pulled(pieces: AsyncGenerator<Buffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/**
 * A multipart/form-data body of `fields` and then the file, read from disk as the request pulls it:
 * each piece of the file goes to `onPiece` (the hash, the byte count) on its way out, so the file is
 * read once and never held whole.
 */
export function multipartUpload(
  fields: [string, string][],
  file: { path: string; name: string },
  onPiece: (piece: Buffer) => void,
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----scamtrail-${randomUUID()}`;
  const head =
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(file.name)}\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  async function* parts() {
    yield Buffer.from(head);
    for await (const piece of createReadStream(file.path)) {
      onPiece(piece as Buffer);
      yield piece as Buffer;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    body: pulled(parts()),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function addOne(
  session: Session,
  path: string,
  caseId: string,
  title: string | undefined,
  onProgress: (sent: number, size: number) => void,
): Promise<Added> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw CliError.usage(`${path} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw CliError.usage(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  // The file is hashed as it is sent: one reading, what was hashed is what went out.
  const hash = createHash('sha256');
  let sent = 0;
  const fields: [string, string][] = [['caseId', caseId]];
  if (title) fields.push(['title', title]);
  const upload = multipartUpload(fields, { path, name: basename(path) }, (piece) => {
    hash.update(piece);
    sent += piece.length;
    onProgress(sent, size);
  });
  const created = await unwrap(
    session.api.POST('/api/evidence', {
      body: upload.body as never,
      bodySerializer: (body: unknown) => body as never,
      headers: {
        'content-type': upload.contentType,
        'idempotency-key': `scamtrail-cli-evidence-${randomUUID()}`,
      },
      // A stream body is sent as the request goes (fetch asks to be told so). Following a redirect
      // would have to send it again, so Node's fetch keeps every piece sent until the answer
      // (nodejs/undici#4058): an upload follows none, and holds nothing.
      redirect: 'error',
      ...({ duplex: 'half' } as object),
    }),
    `Uploading ${path}`,
  );
  return {
    file: path,
    evidenceId: created.id,
    size: sent,
    sha256: hash.digest('hex'),
    serverSha256: created.sha256,
  };
}

async function addEvidence(out: Output, files: string[], options: { case: string; title?: string }) {
  if (options.title && files.length > 1)
    throw CliError.usage('--title names one file: add the files one by one');
  const session = await requireSession(out.io.env);
  const caseId = await findCaseId(session, options.case);
  const added: Added[] = [];
  for (const file of files) {
    const spinner = ora({
      text: `Uploading ${file}`,
      stream: out.io.stderr,
      isEnabled: isInteractive(out.io) && !out.json,
      isSilent: out.json,
    }).start();
    let result: Added;
    try {
      result = await addOne(session, file, caseId, options.title, (sent, size) => {
        spinner.text = `Uploading ${file}: ${formatBytes(sent)} of ${formatBytes(size)}`;
      });
    } catch (error) {
      spinner.fail(`${file}: not added`);
      throw error;
    }
    spinner.stop();
    added.push(result);
    const match = result.serverSha256 === result.sha256;
    if (!out.json) {
      out.say(`${file}  ${result.size} bytes  evidence ${result.evidenceId}`);
      out.say(`  SHA-256 here:       ${result.sha256}`);
      out.say(`  SHA-256 on server:  ${result.serverSha256 ?? '(none)'}  ${match ? 'match' : 'MISMATCH'}`);
    }
    if (!match) {
      if (out.json)
        out.emit({
          caseId,
          files: added.map((item) => ({ ...item, match: item.serverSha256 === item.sha256 })),
        });
      throw new CliError(
        `The server stored ${file} with SHA-256 ${result.serverSha256 ?? '(none)'}, not ${result.sha256}: ` +
          `evidence ${result.evidenceId} is not this file. Nothing more is uploaded; report it before relying on it.`,
      );
    }
  }
  if (out.json) out.emit({ caseId, files: added.map((item) => ({ ...item, match: true })) });
}

export function evidenceCommands(program: Command, run: Runner) {
  const evidence = program.command('evidence').description('Evidence files of cases');
  withExamples(
    evidence
      .command('add')
      .description("Upload files to a case as evidence, comparing each file's SHA-256 with the server's")
      .argument('<files...>', 'the files to upload')
      .requiredOption('--case <id>', 'the case the evidence belongs to: its id or number (12 or #12)')
      .option('--title <title>', 'the title of a single file (default: its name)'),
    [
      'scamtrail evidence add chat.png statement.pdf --case 12',
      'scamtrail evidence add call.mp3 --case 12 --json',
    ],
  ).action(
    run((out, files: string[], options: { case: string; title?: string }) =>
      addEvidence(out, files, options),
    ),
  );
}
