import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './errors';
import { createProgram, main } from './main';
import { captureIo } from './test-io';
import type { Command } from 'commander';

let dir: string;
let server: Server;
let url: string;
/** What the HTTP server answers each path with: a status and a JSON body. */
const answers = new Map<string, [number, unknown]>();
const seen: { path: string; authorization?: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-main-'));
  server = createServer((request, response) => {
    const path = new URL(request.url!, 'http://x').pathname;
    seen.push({ path, authorization: request.headers.authorization });
    const [status, body] = answers.get(path) ?? [
      404,
      { error: { code: 'NOT_FOUND', message: 'Route not found' } },
    ];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the tool with a config directory of its own (empty unless a test saved something). */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const { io, text } = captureIo({ SCAMTRAIL_CONFIG_DIR: join(dir, 'config'), ...env });
  const code = await main(argv, io);
  return { code, ...text };
}

const signedIn = () => ({ SCAMTRAIL_URL: url, SCAMTRAIL_TOKEN: 'key-123' });

function leaves(command: Command, path: string[] = []): string[][] {
  if (command.commands.length === 0) return [path];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}

describe('usage', () => {
  it('--help exits 0 with examples, for the tool and every command, each of which takes --json', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(EXIT.ok);
    expect(top.stdout).toMatch(/Examples:/);
    const commands = leaves(createProgram(captureIo().io));
    expect(commands.map((path) => path.join(' '))).toEqual(
      expect.arrayContaining([
        'login',
        'logout',
        'whoami',
        'cases list',
        'cases show',
        'identifiers search',
        'identifiers import',
        'evidence add',
        'entries add',
        'export tail',
        'verify',
      ]),
    );
    for (const path of commands) {
      const help = await run([...path, '--help']);
      expect(help.code, path.join(' ')).toBe(EXIT.ok);
      expect(help.stdout, path.join(' ')).toMatch(/Examples:\n {2}\$ scamtrail /);
      expect(help.stdout, path.join(' ')).toMatch(/--json/);
    }
  });

  it.each([
    [['cases', 'list', '--bogus'], /unknown option '--bogus'/],
    [['cases'], /Usage: scamtrail cases/],
    [['evidence', 'add', 'file.png'], /required option '--case <id>'/],
    [['entries', 'add', '--case', '1', '--type', 'fax', 'hello'], /Allowed choices are note, call/],
    [['cases', 'list', '--page', 'two'], /--page must be a whole number/],
    [['identifiers', 'import'], /missing required argument 'file'/],
  ])('%j is a usage error: exit 2, the reason on stderr, nothing on stdout', async (argv, reason) => {
    const result = await run(argv, signedIn());
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(reason);
    expect(result.stdout).toBe('');
  });
});

describe('signing in', () => {
  it('without a token anywhere is exit 3, saying how to sign in', async () => {
    const result = await run(['cases', 'list', '--json']);
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toMatch(/scamtrail login/);
    expect(result.stdout).toBe('');
  });

  it('SCAMTRAIL_TOKEN without SCAMTRAIL_URL or a saved server is exit 3', async () => {
    const result = await run(['whoami'], { SCAMTRAIL_TOKEN: 'key-123' });
    expect(result.code).toBe(EXIT.notSignedIn);
    expect(result.stderr).toMatch(/SCAMTRAIL_URL/);
  });

  it('login needs a server', async () => {
    const result = await run(['login']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(/--server URL/);
  });
});

describe('answers of the server', () => {
  it('sends SCAMTRAIL_TOKEN as a Bearer header and prints only JSON with --json', async () => {
    const page = { data: [], pagination: { page: 1, pageSize: 25, totalItems: 0, totalPages: 1 } };
    answers.set('/api/cases', [200, page]);
    const result = await run(['cases', 'list', '--json'], signedIn());
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toEqual(page);
    expect(seen.at(-1)).toEqual({ path: '/api/cases', authorization: 'Bearer key-123' });
  });

  it.each([
    [401, EXIT.notSignedIn, /Not signed in: Invalid, expired or revoked API key/],
    [403, EXIT.forbidden, /Forbidden: You do not have permission/],
    [503, EXIT.failure, /Listing cases failed \(503\): The database is unavailable/],
  ])('an answer %i is exit %i with the server message on stderr', async (status, exit, message) => {
    const messages: Record<number, string> = {
      401: 'Invalid, expired or revoked API key',
      403: 'You do not have permission to perform this action.',
      503: 'The database is unavailable',
    };
    answers.set('/api/cases', [status, { error: { code: 'X', message: messages[status] } }]);
    const result = await run(['cases', 'list', '--json'], signedIn());
    expect(result.code).toBe(exit);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('a server that cannot be reached is exit 1, naming it', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    closed.close();
    await once(closed, 'close');
    const result = await run(['whoami'], { SCAMTRAIL_URL: gone, SCAMTRAIL_TOKEN: 'k' });
    expect(result.code).toBe(EXIT.failure);
    expect(result.stderr).toBe(`scamtrail: Cannot reach ${gone}: ECONNREFUSED\n`);
  });
});

describe('verify', () => {
  it('a file that is not JSON is exit 2; a bundle that fails its checks is exit 1 with each check', async () => {
    const notJson = join(dir, 'not.json');
    await writeFile(notJson, 'hello');
    expect((await run(['verify', notJson])).code).toBe(EXIT.usage);

    const forged = join(dir, 'forged.json');
    await writeFile(forged, JSON.stringify({ format: 'scamtrail-signature-bundle', version: 1 }));
    const result = await run(['verify', forged, '--json']);
    expect(result.code).toBe(EXIT.failure);
    const report = JSON.parse(result.stdout);
    expect(report.valid).toBe(false);
    expect(report.checks.some((check: { passed: boolean }) => !check.passed)).toBe(true);
  });
});
