import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privateTargetReason } from '../modules/automations/network-target';
import { OutboundError, sendOutboundRequest } from './outbound-request';

/** A real HTTP server on 127.0.0.1 standing for something inside the network. */
let inside: Server;
let port: number;
let received: { host?: string; body: string }[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  inside = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ host: req.headers.host, body });
      answer(req, res);
    });
  });
  inside.listen(0, '127.0.0.1');
  await once(inside, 'listening');
  port = (inside.address() as { port: number }).port;
});
afterAll(async () => {
  inside.closeAllConnections();
  inside.close();
  await once(inside, 'close');
});
beforeEach(() => {
  received = [];
  answer = (_req, res) => res.end('ok');
});

const refused = { allowPrivateNetworkTargets: false };

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('outbound requests', () => {
  it('refuses a name that resolved publicly when saved and resolves inside at delivery (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding = async () => (calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    const url = `http://hooks.rebind.test:${port}/hook`;
    expect(await privateTargetReason(url, rebinding)).toBeNull();

    const err = await failure(
      sendOutboundRequest({ url, body: '{}' }, { ...refused, resolveHost: rebinding }),
    );
    expect(err.code).toBe('REFUSED_TARGET');
    expect(err.message).toBe('hooks.rebind.test: 127.0.0.1 is loopback');
    expect(received).toEqual([]);
  });

  it('refuses when any answer is inside, and private literals without resolving', async () => {
    const mixed = async () => ['93.184.216.34', '::ffff:127.0.0.1'];
    expect(
      (
        await failure(
          sendOutboundRequest({ url: `http://mixed.test:${port}/` }, { ...refused, resolveHost: mixed }),
        )
      ).code,
    ).toBe('REFUSED_TARGET');
    const noDns = () => Promise.reject(new Error('no DNS lookup expected'));
    for (const host of ['127.0.0.1', '[::1]', '[64:ff9b::7f00:1]', 'localhost']) {
      const err = await failure(
        sendOutboundRequest({ url: `http://${host}:${port}/` }, { ...refused, resolveHost: noDns }),
      );
      expect(err.code).toBe('REFUSED_TARGET');
    }
    expect(received).toEqual([]);
  });

  it('refuses a name that does not resolve', async () => {
    const nothing = () => Promise.reject(new Error('ENOTFOUND'));
    const err = await failure(
      sendOutboundRequest({ url: 'http://gone.test/' }, { ...refused, resolveHost: nothing }),
    );
    expect(err.code).toBe('UNRESOLVABLE');
  });

  it('delivers to a local server when the operator allows private targets', async () => {
    answer = (_req, res) => res.writeHead(202, { 'content-type': 'text/plain' }).end('accepted');
    const res = await sendOutboundRequest(
      { url: `http://127.0.0.1:${port}/hook`, body: '{"event":"x"}' },
      { allowPrivateNetworkTargets: true },
    );
    expect(res).toMatchObject({ status: 202, address: '127.0.0.1' });
    expect(res.body.toString()).toBe('accepted');
    expect(received).toEqual([{ host: `127.0.0.1:${port}`, body: '{"event":"x"}' }]);
  });

  it('connects to the address the resolver answered, keeping the name in the Host header', async () => {
    const res = await sendOutboundRequest(
      { url: `http://hooks.pinned.test:${port}/hook`, body: 'b' },
      { allowPrivateNetworkTargets: true, resolveHost: async () => ['127.0.0.1'] },
    );
    expect(res.status).toBe(200);
    expect(received).toEqual([{ host: `hooks.pinned.test:${port}`, body: 'b' }]);
  });

  it.each([
    ['announced by its length', (res: ServerResponse) => res.end('x'.repeat(10_000))],
    ['streamed in chunks', (res: ServerResponse) => res.write('x'.repeat(600)) && res.end('x'.repeat(600))],
  ])('abandons a response over the size cap, %s', async (_how, send) => {
    answer = (_req, res) => send(res);
    const err = await failure(
      sendOutboundRequest(
        { url: `http://127.0.0.1:${port}/big`, maxResponseBytes: 1000 },
        { allowPrivateNetworkTargets: true },
      ),
    );
    expect(err.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('gives up on a target that never answers', async () => {
    answer = () => {};
    const err = await failure(
      sendOutboundRequest(
        { url: `http://127.0.0.1:${port}/silent`, timeoutMs: 50 },
        { allowPrivateNetworkTargets: true },
      ),
    );
    expect(err.code).toBe('TIMEOUT');
    expect(received).toHaveLength(1);
  });
});
