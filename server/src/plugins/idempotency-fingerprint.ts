import { createHash, type Hash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * What makes two requests with one `Idempotency-Key` the same request: the method, the path and the
 * body. A JSON body counts by its content (RFC 8785 canonical JSON of the parsed body), so a client
 * that writes the same object with other spacing or key order is still retrying the same request.
 */

function startHash(method: string, path: string): Hash {
  return createHash('sha256').update(`${method} ${path}\n`);
}

/** The fingerprint of a request whose body Fastify parsed (JSON, text) or that has none. */
export function parsedBodyFingerprint(method: string, path: string, body: unknown): string {
  const hash = startHash(method, path);
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update('raw\n').update(body);
  else if (body !== undefined && body !== null) hash.update('json\n').update(canonicalize(body) ?? '');
  return hash.digest('hex');
}

/**
 * The fingerprint of a multipart body, from its bytes as they stream by. The boundary is chosen
 * anew for every submission (a browser or curl retrying the same form sends another), so each
 * occurrence of it counts as one fixed token; the rest (part headers, field values, file bytes) counts
 * byte for byte.
 */
export class MultipartFingerprint {
  private readonly hash: Hash;
  private readonly boundary: Buffer;
  private carry = Buffer.alloc(0);

  constructor(method: string, path: string, boundary: string) {
    this.hash = startHash(method, path).update('multipart\n');
    this.boundary = Buffer.from(boundary, 'latin1');
  }

  update(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let start = 0;
    for (let at = bytes.indexOf(this.boundary, start); at !== -1; at = bytes.indexOf(this.boundary, start)) {
      this.hash.update(bytes.subarray(start, at)).update('\0boundary\0');
      start = at + this.boundary.length;
    }
    // A boundary may be cut between two chunks: its first bytes wait for the next one.
    const keep = Math.min(this.boundary.length - 1, bytes.length - start);
    this.hash.update(bytes.subarray(start, bytes.length - keep));
    this.carry = Buffer.from(bytes.subarray(bytes.length - keep));
  }

  digest(): string {
    return this.hash.update(this.carry).digest('hex');
  }
}

/** The boundary a multipart Content-Type names, or undefined when it names none. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}
