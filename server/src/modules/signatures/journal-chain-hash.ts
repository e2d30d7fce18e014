import { Worker } from 'node:worker_threads';
import { canonicalJson, sha256Hex } from './bundle-verifier';

/**
 * The hash chain's CPU work off the main thread (issue 38): SHA-256 of the RFC 8785 canonical JSON of many
 * values, and the whole of a full verification (parsing the rows, building each entry's chained content,
 * canonicalising, hashing, comparing), which on the event loop held every other request for hundreds of
 * milliseconds on a case of 10,000 entries. The main thread only reads pages of raw rows, each one text
 * value, and hands them over (journal-chain-full.ts).
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
const sha = (text) => createHash('sha256').update(text).digest('hex');
const lines = (text) => (text ? text.split('\\n').map((line) => JSON.parse(line)) : []);
// A timestamp as the database writes it as text, read as the application reads it (new Date).
const iso = (text) => new Date(text).toISOString();
const byId = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// An entry row (journal-chain.repository.ts, ENTRY_ROW) as signable-content.ts's chainedContent builds it.
function chainedContent(version, row) {
  const [id, caseId, type, description, performedAt, originatorId, proxyOriginatorId, identifierIds,
    evidence, isNullified, nullifiedReason, nullifiedAt, nullifiedBy] = row;
  return {
    v: version, id, caseId, type, description, performedAt: iso(performedAt), originatorId,
    proxyOriginatorId, identifierIds: [...identifierIds].sort(),
    evidence: evidence.map(([id, sha256]) => ({ id, sha256: sha256 ?? null })).sort(byId),
    isNullified, nullifiedReason, nullifiedAt: nullifiedAt === null ? null : iso(nullifiedAt), nullifiedBy,
  };
}

const sessions = new Map();
const operations = {
  hash: ({ values }) => values.map((value) => sha(canonical(value))),
  begin: ({ session, caseId, version, genesis }) => {
    sessions.set(session, {
      caseId, version, nextSeq: 1, prevHash: genesis, latest: new Map(), entries: new Map(), order: null, read: 0,
    });
    return null;
  },
  // A page of links, in order: the first break, or the last link (each entry's latest link kept).
  links: ({ session, text }) => {
    const s = sessions.get(session);
    let last = null;
    for (const [seq, kind, journalEntryId, contentHash, prevHash, hash] of lines(text)) {
      if (seq !== s.nextSeq) return { fault: { kind: 'missing', expected: s.nextSeq, found: seq } };
      if (prevHash !== s.prevHash) return { fault: { kind: 'notFollowing', seq, entryId: journalEntryId } };
      const fields = { caseId: s.caseId, seq, kind, journalEntryId, contentHash, prevHash };
      if (sha(canonical(fields)) !== hash) return { fault: { kind: 'altered', seq, entryId: journalEntryId } };
      s.nextSeq = seq + 1;
      s.prevHash = hash;
      s.latest.set(journalEntryId, { seq, kind, contentHash });
      last = { seq, hash };
    }
    return { last };
  },
  // The next chained entries to read, in the chain's order.
  next: ({ session, count }) => {
    const s = sessions.get(session);
    s.order ??= [...s.latest.keys()];
    const ids = s.order.slice(s.read, s.read + count);
    s.read += ids.length;
    return ids;
  },
  // A page of entries: the case of each, and the hash of its chained content if it is in the case.
  entries: ({ session, text }) => {
    const s = sessions.get(session);
    for (const row of lines(text)) {
      const inCase = row[1] === s.caseId;
      s.entries.set(row[0], { caseId: row[1], hash: inCase ? sha(canonical(chainedContent(s.version, row))) : null });
    }
    return null;
  },
  // Every difference between the chained entries and their latest links, in the chain's order, and how
  // many of them are in the case; the session ends.
  finish: ({ session }) => {
    const s = sessions.get(session);
    sessions.delete(session);
    const found = [];
    let inCase = 0;
    for (const [entryId, link] of s.latest) {
      const entry = s.entries.get(entryId);
      if (entry?.caseId === s.caseId) inCase += 1;
      if (!entry) found.push({ kind: 'gone', seq: link.seq, entryId });
      else if (entry.caseId !== s.caseId && link.kind !== 'unlinked') found.push({ kind: 'left', seq: link.seq, entryId });
      else if (entry.caseId === s.caseId && link.contentHash !== entry.hash) found.push({ kind: 'changed', seq: link.seq, entryId });
    }
    return { found, inCase };
  },
  abort: ({ session }) => {
    sessions.delete(session);
    return null;
  },
};
parentPort.on('message', (message) => {
  try {
    parentPort.postMessage({ id: message.id, result: operations[message.op](message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error) });
  }
});
`;

interface Pending {
  resolve: (result: unknown) => void;
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

function chainWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (!waiting) return;
    if (error === undefined) waiting.resolve(result);
    else waiting.reject(new Error(error || 'the chain worker failed'));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', () => failAll(new Error('the chain worker stopped')));
  worker = started;
  return started;
}

function inWorker<T>(op: string, message: Record<string, unknown>): Promise<T> {
  const target = chainWorker();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
    // Referenced while it works, so a process waiting on it does not exit under it.
    target.ref();
    target.postMessage({ ...message, id, op });
  });
}

/** The hash of each value's canonical JSON, in order: on the main thread for a few, in the worker for many. */
export async function hashCanonical(values: readonly unknown[]): Promise<string[]> {
  if (values.length <= MAIN_THREAD_HASHES) return values.map((value) => sha256Hex(canonicalJson(value)));
  const hashes: string[] = [];
  for (let start = 0; start < values.length; start += BATCH) {
    hashes.push(...(await inWorker<string[]>('hash', { values: values.slice(start, start + BATCH) })));
  }
  return hashes;
}

/** Hashes in the worker whatever their number (for the test that compares it with `canonicalJson`). */
export function hashCanonicalInWorker(values: readonly unknown[]): Promise<string[]> {
  return inWorker<string[]>('hash', { values });
}

/** A difference the worker found between a chain's links, or between them and the entries. */
export type ChainFault =
  | { kind: 'missing'; expected: number; found: number }
  | { kind: 'notFollowing' | 'altered' | 'gone' | 'left' | 'changed'; seq: number; entryId: string }
  | { kind: 'unchained'; entryId: string };

/** A difference between an entry and the chain. */
export type EntryFault = Exclude<ChainFault, { kind: 'missing' }>;

/**
 * One full verification's state, held in the worker: pages of links (in order) and then of entries go in
 * as the text the database wrote (journal-chain.repository.ts), the differences come out.
 */
export interface ChainVerification {
  /** A page of links, lines of `[seq, kind, journalEntryId, contentHash, prevHash, hash]`. */
  links(text: string): Promise<{ fault?: ChainFault; last?: { seq: number; hash: string } | null }>;
  /** The next `count` chained entries to read (after the links), in the chain's order; none at the end. */
  next(count: number): Promise<string[]>;
  /** A page of entries, lines of ENTRY_ROW arrays. */
  entries(text: string): Promise<void>;
  /**
   * The differences between the chained entries and their latest links, in the chain's order, and how
   * many of the chained entries are in the case; the session ends.
   */
  finish(): Promise<{ found: EntryFault[]; inCase: number }>;
  abort(): void;
}

let nextSession = 0;

export async function beginChainVerification(
  caseId: string,
  version: string,
  genesis: string,
): Promise<ChainVerification> {
  const session = nextSession++;
  await inWorker('begin', { session, caseId, version, genesis });
  return {
    links: (text) => inWorker('links', { session, text }),
    entries: (text) => inWorker('entries', { session, text }),
    next: (count) => inWorker('next', { session, count }),
    finish: () => inWorker('finish', { session }),
    abort: () => {
      inWorker('abort', { session }).catch(() => undefined);
    },
  };
}
