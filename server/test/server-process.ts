import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real server (`src/main.ts`) as a child process, for tests of start-up and shutdown. */

const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export { freePorts } from '../../scripts/local-server.mjs';

/** Polls `condition` until it holds, failing at once when `failIf` names a reason. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  failIf: () => string | undefined = () => undefined,
): Promise<void> {
  while (!(await condition())) {
    const failure = failIf();
    if (failure) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type ServerProcess = ReturnType<typeof startServer>;

export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  }) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Why waiting on this server is pointless (it exited), or undefined. */
  const early = () => (child.exitCode !== null ? `server exited early:\n${output}` : undefined);
  /** Resolves once the server has logged `text`; rejects if it exits first. */
  const waitFor = (text: string) => until(() => output.includes(text), early);
  return { child, exited, early, waitFor, output: () => output };
}
