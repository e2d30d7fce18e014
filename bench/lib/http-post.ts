import { request, type Agent } from 'node:http';

/**
 * POSTs `body` (JSON text) to `url` over `agent` (keep-alive connections shared by the benchmark's
 * clients) and answers the status and the whole answer's text.
 */
export function postJson(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs `body` as JSON to the API of `origin` as the session `cookie`; throws unless it succeeds. */
export async function apiPost(
  origin: string,
  cookie: string,
  path: string,
  body: unknown,
): Promise<{ id: string }> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}
