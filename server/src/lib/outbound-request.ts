import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { checkTarget, urlHost, type Resolver } from './special-addresses';

export type OutboundErrorCode =
  'REFUSED_TARGET' | 'UNRESOLVABLE' | 'TIMEOUT' | 'RESPONSE_TOO_LARGE' | 'NETWORK';

/** Why an outbound request did not get a response; `message` is safe to show an operator. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface OutboundPolicy {
  /** The operator's override: call private, loopback and link-local targets too. */
  allowPrivateNetworkTargets: boolean;
  /** How host names are resolved (tests inject one); the system resolver by default. */
  resolveHost?: Resolver;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connection to last byte. */
  timeoutMs?: number;
  /** A longer response is abandoned. */
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address the request was sent to: the one that was checked. */
  address: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * The address to connect to: resolved now and checked as at save time (checkTarget), so a name that
 * resolved to a public address when it was saved and resolves inside now (DNS rebinding) is refused.
 */
async function checkedAddress(host: string, policy: OutboundPolicy): Promise<string> {
  const check = await checkTarget(host, {
    allowPrivate: policy.allowPrivateNetworkTargets,
    resolve: policy.resolveHost,
  });
  switch (check.kind) {
    case 'ok':
      return check.addresses[0];
    case 'localhost':
      throw new OutboundError('REFUSED_TARGET', `${host} is this host`);
    case 'unresolvable':
      throw new OutboundError('UNRESOLVABLE', `${host} does not resolve`);
    case 'refused':
      throw new OutboundError('REFUSED_TARGET', `${host}: ${check.verdict}`);
  }
}

/** A `lookup` for node:net that answers only the address already checked, whatever was asked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * Sends one HTTP(S) request to a URL an operator or user configured (webhooks),
 * connecting only to an address that passed the special-address check at this moment; the Host
 * header and the TLS server name stay the URL's. Redirects are not followed (a 3xx is answered as
 * is), the exchange is bounded in time and the response in size. Rejects with an OutboundError.
 */
export async function sendOutboundRequest(
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('REFUSED_TARGET', `${url.protocol} is not http(s)`);
  }
  const host = urlHost(url);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new OutboundError('TIMEOUT', `no answer within ${timeoutMs} ms`);
  const address = await new Promise<string>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    deadline.addEventListener('abort', onAbort, { once: true });
    checkedAddress(host, policy)
      .then(resolve, reject)
      .finally(() => deadline.removeEventListener('abort', onAbort));
  });
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<OutboundResponse>((resolve, reject) => {
    let failure: OutboundError | undefined;
    const settleFailed = (err?: Error) => {
      if (failure) return reject(failure);
      if (deadline.aborted) return reject(timedOut());
      reject(new OutboundError('NETWORK', err?.message ?? 'the connection closed early'));
    };
    const req = transport.request(
      url,
      {
        method: request.method ?? 'POST',
        headers: request.headers,
        // Never consulted for an IP literal, which checkedAddress has already judged.
        lookup: pinnedLookup(address),
        signal: deadline,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = Number(res.headers['content-length'] ?? 0);
        const tooLarge = () => {
          failure ??= new OutboundError('RESPONSE_TOO_LARGE', `the response is over ${maxBytes} bytes`);
          req.destroy(failure);
        };
        if (size > maxBytes) return tooLarge();
        size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) chunks.push(chunk);
          else tooLarge();
        });
        res.on('end', () => {
          if (failure) return reject(failure);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            address,
          });
        });
        res.on('error', () => {});
        res.on('close', () => {
          if (!res.complete) settleFailed();
        });
      },
    );
    req.on('error', settleFailed);
    req.end(request.body);
  });
}
