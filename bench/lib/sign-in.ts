import { cpus, loadavg } from 'node:os';

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
