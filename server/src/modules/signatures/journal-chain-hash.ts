import { Worker } from 'node:worker_threads';
import { canonicalJson, sha256Hex } from './bundle-verifier';

/**
 * SHA-256 of the RFC 8785 canonical JSON of many values, off the main thread when there are many: the
 * hash chain's full verification hashes every link and every entry of a case, which on the event loop
 * held every other request for hundreds of milliseconds on a case of 10,000 entries (issue 38).
 *
 * The worker is one thread for the process, started on first use and not keeping the process alive. Its
 * code is the source text below, not a module file: the server runs as TypeScript sources in tests and
 * as one bundle in production, and a source text works the same in both. It canonicalises JSON values
 * made of objects, arrays, strings, booleans, null and safe integers (what the chain hashes): keys sorted
 * by UTF-16 code units, primitives as `JSON.stringify` writes them, which is RFC 8785 for these values
 * (journal-chain.test.ts compares it with `canonicalJson`).
 */

/** Up to this many values are hashed on the main thread (well under a millisecond). */
const MAIN_THREAD_HASHES = 64;
/** Values sent to the worker in one message, so that copying a batch stays short on the main thread. */
const BATCH = 100;

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return '{' + keys.map((key) => JSON.stringify(key) + ':' + canonical(value[key])).join(',') + '}';
}
parentPort.on('message', ({ id, values }) => {
  try {
    const hashes = values.map((value) => createHash('sha256').update(canonical(value)).digest('hex'));
    parentPort.postMessage({ id, hashes });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Pending {
  resolve: (hashes: string[]) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = undefined;
}

function hashWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', ({ id, hashes, error }: { id: number; hashes?: string[]; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if (hashes) waiting.resolve(hashes);
    else waiting.reject(new Error(error ?? 'the hash worker failed'));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', () => failAll(new Error('the hash worker stopped')));
  worker = started;
  return started;
}

function hashBatchInWorker(values: readonly unknown[]): Promise<string[]> {
  const target = hashWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while it works, so a process waiting on a hash does not exit under it.
    target.ref();
    target.postMessage({ id, values });
  });
}

/** The hash of each value's canonical JSON, in order: on the main thread for a few, in the worker for many. */
export async function hashCanonical(values: readonly unknown[]): Promise<string[]> {
  if (values.length <= MAIN_THREAD_HASHES) return values.map((value) => sha256Hex(canonicalJson(value)));
  const hashes: string[] = [];
  for (let start = 0; start < values.length; start += BATCH) {
    hashes.push(...(await hashBatchInWorker(values.slice(start, start + BATCH))));
  }
  return hashes;
}

/** Hashes in the worker whatever their number (for the test that compares it with `canonicalJson`). */
export function hashCanonicalInWorker(values: readonly unknown[]): Promise<string[]> {
  return hashBatchInWorker(values);
}
