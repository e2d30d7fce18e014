import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';

/** Signs in through the real login route and answers the session cookie (`name=value`). */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('scamtrail_session='));
  if (!res.ok || !cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0];
}

/**
 * Signs in through the login route of an app in this process (`app.inject`, as the benchmarks record
 * their floors) and answers the session cookie (`name=value`).
 */
export async function signInInProcess(
  app: FastifyInstance,
  origin: string,
  email: string,
  password: string,
): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin },
    payload: { email, password },
  });
  const session = login.cookies.find((c) => c.name === 'scamtrail_session');
  if (!session) throw new Error(`in-process login failed: ${login.statusCode} ${login.body}`);
  return `${session.name}=${session.value}`;
}

/** The machine a result was measured on, with the load average at the start and now. */
export function machineInfo(loadAverageAtStart: number[]) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg(),
  };
}

/** The commit measured: HEAD's, or BENCH_COMMIT's when run from a copy of the tree (git archive). */
export function benchCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return process.env.BENCH_COMMIT ?? 'unknown';
  }
}
