/**
 * Where a command writes and what it knows of its terminal: the process's by default, a test's buffers
 * in the unit tests. With `--json`, stdout carries JSON only (one document, or one line per event);
 * everything meant for a person (progress, prompts, warnings) goes to stderr.
 */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

/** What every command's action receives besides its arguments. */
export interface Output {
  io: Io;
  json: boolean;
  /** A line for a person: on stdout without --json, on stderr with it (stdout is for JSON then). */
  say(text: string): void;
  /** A line of diagnostics or progress, always on stderr. */
  note(text: string): void;
  /** One JSON document (or one JSON line of a stream) on stdout. */
  emit(value: unknown): void;
}

export function outputFor(io: Io, json: boolean): Output {
  return {
    io,
    json,
    say: (text) => (json ? io.stderr : io.stdout).write(`${text}\n`),
    note: (text) => io.stderr.write(`${text}\n`),
    emit: (value) => io.stdout.write(`${JSON.stringify(value)}\n`),
  };
}

/** Whether stderr is a terminal a spinner, a bar or a QR code may draw on. */
export const isInteractive = (io: Io): boolean => io.stderr.isTTY === true && !io.env.CI;
