import type { ChildProcess } from 'node:child_process';

/** Distinct free ports of 127.0.0.1 (see local-server.mjs). */
export function freePorts(count: number): Promise<number[]>;

/** Polls `url` until it answers 2xx; fails when `child` exits first or after `timeoutMs` (see local-server.mjs). */
export function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  options?: { output?: () => string; timeoutMs?: number },
): Promise<void>;
