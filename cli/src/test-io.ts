import { PassThrough } from 'node:stream';
import type { Io } from './io';

/** An Io whose streams are kept as text, for tests; neither is a terminal. */
export function captureIo(env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text = { stdout: '', stderr: '' };
  stdout.on('data', (chunk: Buffer) => (text.stdout += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (text.stderr += chunk.toString()));
  const io: Io = { stdout, stderr, env };
  return { io, text };
}
