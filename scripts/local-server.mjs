// What every harness that starts a Scamtrail server as a child process needs: free loopback ports and
// a wait until the child answers. Used by the production-install check, the end-to-end server fixture
// and the server's process tests (crash, database faults).
import { createServer } from 'node:net';

/** Distinct free ports of 127.0.0.1: each is held until all are found, so none is handed out twice. */
export async function freePorts(count) {
  const probes = [];
  try {
    for (let i = 0; i < count; i++) {
      const probe = createServer();
      probes.push(probe);
      await new Promise((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
    }
    return probes.map((probe) => probe.address().port);
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(() => resolve()))));
  }
}

/**
 * Polls `url` until it answers 2xx. Fails at once, with the child's output, when the child exits first,
 * and after `timeoutMs` otherwise. Polling because a server signals readiness only through its routes.
 */
export async function waitUntilAnswering(url, child, { output = () => '', timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${output()}`,
      );
    }
    const answered = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${output()}`);
}
