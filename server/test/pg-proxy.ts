import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL, for tests of the server's faults: the test decides when the
 * database is reachable (`open`), refuses connections and drops those it carried (`cut`, as a
 * PostgreSQL that stopped or restarted), or goes silent (`freeze`, as a PostgreSQL whose processes
 * are stopped or a network that drops packets). The PostgreSQL behind it is the shared one, untouched.
 */
export function pgProxy(target: { host: string; port: number }, port: number) {
  let server: Server | null = null;
  let frozen = false;
  const pairs = new Set<{ client: Socket; upstream: Socket | null }>();

  const accept = (client: Socket) => {
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on('error', drop);
    client.on('close', drop);
    // Frozen: the connection is accepted (the kernel would) but nothing ever answers on it.
    if (frozen) return;
    const upstream = connect(target);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  return {
    url(base: string, database: string): string {
      const u = new URL(base);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      u.pathname = `/${database}`;
      return u.toString();
    },
    /** Accepts connections (again) and passes them through. */
    async open(): Promise<void> {
      frozen = false;
      if (server) return;
      const listening = createServer(accept);
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', resolve);
      });
      server = listening;
    },
    /** Refuses new connections and ends every open one, as a stopped PostgreSQL does. */
    async cut(): Promise<void> {
      const closing = server;
      server = null;
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** Stops every byte in both directions, and leaves new connections unanswered. */
    freeze(): void {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    /** Lets the bytes flow again; connections accepted while frozen are dropped (their callers gave up). */
    thaw(): void {
      frozen = false;
      for (const pair of [...pairs]) {
        if (!pair.upstream) {
          pair.client.destroy();
          pairs.delete(pair);
          continue;
        }
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
      }
    },
  };
}
