import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import ora from 'ora';
import { CliError } from '../errors';
import { isInteractive, type Output } from '../io';
import { withExamples, type Runner } from '../program';
import { requireSession, unwrap, type Session } from '../session';
import { findCaseId } from './cases';

/** The SHA-256 of a file, read as a stream (never whole in memory). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

interface Added {
  file: string;
  evidenceId: string;
  size: number;
  sha256: string;
  serverSha256: string | null;
}

async function addOne(session: Session, path: string, caseId: string, title?: string): Promise<Added> {
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
  const sha256 = await sha256File(path);
  const form = new FormData();
  form.append('caseId', caseId);
  if (title) form.append('title', title);
  // A Blob backed by the file: fetch streams it from disk as the request goes out.
  form.append('file', await openAsBlob(path), basename(path));
  const created = await unwrap(
    session.api.POST('/api/evidence', {
      body: form as never,
      headers: { 'idempotency-key': `scamtrail-cli-evidence-${randomUUID()}` },
    }),
    `Uploading ${path}`,
  );
  return { file: path, evidenceId: created.id, size, sha256, serverSha256: created.sha256 };
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
      result = await addOne(session, file, caseId, options.title);
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
