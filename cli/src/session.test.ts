import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readCredentials, saveCredentials } from './config';
import { EXIT } from './errors';
import { main } from './main';
import { sessionFromCredentials } from './session';
import { captureIo } from './test-io';

let dir: string;
let server: Server;
let url: string;
/** The refresh token the server takes now, and the access token it accepts. */
let valid = { refreshToken: 'r1', accessToken: 'a1' };
let renewals: string[] = [];
let seenAuthorization: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-session-'));
  server = createServer(async (request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    const json = (status: number, body: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    if (path === '/api/oauth/token') {
      let body = '';
      for await (const chunk of request) body += (chunk as Buffer).toString();
      const form = new URLSearchParams(body);
      renewals.push(form.get('refresh_token') ?? '');
      expect(form.get('grant_type')).toBe('refresh_token');
      expect(form.get('client_id')).toBe('scamtrail-cli');
      if (form.get('refresh_token') !== valid.refreshToken) {
        json(400, { error: 'invalid_grant', error_description: 'This refresh_token was already used' });
        return;
      }
      const n = Number(valid.refreshToken.slice(1)) + 1;
      valid = { refreshToken: `r${n}`, accessToken: `a${n}` };
      json(200, {
        access_token: valid.accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: valid.refreshToken,
      });
      return;
    }
    seenAuthorization.push(request.headers.authorization ?? '');
    if (request.headers.authorization !== `Bearer ${valid.accessToken}`) {
      json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid, expired or revoked access token' } });
      return;
    }
    json(200, { id: 'u1', email: 'ada@example.org', firstName: 'Ada', lastName: 'L', role: 'viewer' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ SCAMTRAIL_CONFIG_DIR: join(dir, 'config') });
async function run(argv: string[]) {
  const { io, text } = captureIo(env());
  const code = await main(argv, io);
  return { code, ...text };
}
const save = (expiresAt: number, token = 'a1', refreshToken = 'r1') =>
  saveCredentials(env(), {
    server: url,
    token,
    refreshToken,
    expiresAt: new Date(expiresAt).toISOString(),
    savedAt: new Date().toISOString(),
  });

beforeEach(() => {
  valid = { refreshToken: 'r1', accessToken: 'a1' };
  renewals = [];
  seenAuthorization = [];
});

describe('the saved sign-in’s refresh token', () => {
  it('renews an access token past its end before the request, and saves the rotated tokens', async () => {
    await save(Date.now() - 1000);
    const result = await run(['whoami', '--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(renewals).toEqual(['r1']);
    expect(seenAuthorization).toEqual(['Bearer a2']);
    const saved = await readCredentials(env());
    expect(saved).toMatchObject({ token: 'a2', refreshToken: 'r2' });
    expect(Date.parse(saved!.expiresAt!)).toBeGreaterThan(Date.now() + 3500_000);

    // Not due again: the next command uses the token as it is.
    expect((await run(['whoami'])).code).toBe(EXIT.ok);
    expect(renewals).toEqual(['r1']);
  });

  it('uses a token still valid as it is', async () => {
    await save(Date.now() + 600_000);
    expect((await run(['whoami'])).code).toBe(EXIT.ok);
    expect(renewals).toEqual([]);
    expect(seenAuthorization).toEqual(['Bearer a1']);
  });

  it('takes the tokens another process renewed first rather than spending the used refresh token', async () => {
    await save(Date.now() - 1000);
    // Another scamtrail renewed in between: the file holds r2, the server takes r2 only.
    valid = { refreshToken: 'r2', accessToken: 'a2' };
    const stale = { server: url, token: 'a1', refreshToken: 'r1', expiresAt: new Date(Date.now() - 1000) };
    await save(Date.now() + 3600_000, 'a2', 'r2');
    const session = sessionFromCredentials(env(), {
      ...stale,
      expiresAt: stale.expiresAt.toISOString(),
      savedAt: '',
    });
    const { response } = await session.api.GET('/api/auth/me');
    expect(response.status).toBe(200);
    expect(renewals).toEqual([]);
  });

  it('renews once when two processes find the token ended at the same moment', async () => {
    await save(Date.now() - 1000);
    const stale = (await readCredentials(env()))!;
    // Two sessions from the same file, as two scamtrail processes started together would hold.
    const [first, second] = [sessionFromCredentials(env(), stale), sessionFromCredentials(env(), stale)];
    const answers = await Promise.all([first.api.GET('/api/auth/me'), second.api.GET('/api/auth/me')]);
    expect(answers.map(({ response }) => response.status)).toEqual([200, 200]);
    expect(renewals).toEqual(['r1']);
    expect(await readCredentials(env())).toMatchObject({ token: 'a2', refreshToken: 'r2' });
  });

  it('is exit 3 with "scamtrail login" when the server refuses the refresh token', async () => {
    await save(Date.now() - 1000, 'a1', 'r0');
    const result = await run(['whoami']);
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toMatch(
      /Your sign-in has ended \(This refresh_token was already used\): run "scamtrail login"/,
    );
  });
});
