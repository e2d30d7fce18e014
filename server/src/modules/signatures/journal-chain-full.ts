import { CANONICALIZATION_VERSION } from '@scamtrail/domain/signatures';
import type { Db } from '../../db/client';
import { beginChainVerification, type ChainFault, type EntryFault } from './journal-chain-hash';
import {
  countCaseEntries,
  findUnchainedEntryIds,
  hasLinkAfter,
  readChainLinkPage,
  readEntryRows,
} from './journal-chain.repository';

/**
 * The reading side of a case's full verification (journal-chain.ts, issue 38). The main thread reads
 * pages, each one statement answering one text value, and passes them to the worker, which does all the
 * parsing, canonicalising and hashing (journal-chain-hash.ts); between pages it yields to waiting requests.
 * A page's size follows how long its statement took, so that on PGlite, which runs its statements on this
 * thread, a page stays a few milliseconds; on PostgreSQL pages grow to their largest.
 *
 * Links never change (append-only), so pages of them read apart are one chain. Entries are read after the
 * links: one the application changed since has a link after the last one read, and a difference between
 * it and the links read is confirmed against the chain before it is reported.
 */

/**
 * Pages stay between these sizes (links and entries per statement), and grow or shrink to take between
 * `growBelowMs` and `shrinkAboveMs` each (tests set them small to cross many pages).
 */
export const fullVerificationPages = {
  links: { min: 50, start: 250, max: 1000 },
  entries: { min: 10, start: 50, max: 200 },
  shrinkAboveMs: 8,
  growBelowMs: 3,
};
/** Entries outside the chain looked at (the first one not written since the links were read is the break). */
const UNCHAINED_LIMIT = 1000;

/** Lets the requests waiting on the event loop run between two pages. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A page size that halves after a slow statement and doubles after a quick one. */
function pageSize(bounds: { min: number; start: number; max: number }) {
  let size = bounds.start;
  return {
    get: () => size,
    async time<T>(read: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const result = await read();
      const ms = performance.now() - started;
      if (ms > fullVerificationPages.shrinkAboveMs) size = Math.max(bounds.min, Math.floor(size / 2));
      else if (ms < fullVerificationPages.growBelowMs) size = Math.min(bounds.max, size * 2);
      return result;
    },
  };
}

export interface WholeChain {
  /** The last link read that followed the chain (the last of the chain when there is no fault). */
  end?: { seq: number; hash: string };
  /** The first difference: a link fault, or a confirmed difference between an entry and the chain. */
  fault: ChainFault | null;
}

export async function readWholeChain(db: Db, caseId: string, genesis: string): Promise<WholeChain> {
  const verification = await beginChainVerification(caseId, CANONICALIZATION_VERSION, genesis);
  let finished = false;
  try {
    let end: WholeChain['end'];
    const links = pageSize(fullVerificationPages.links);
    for (;;) {
      const limit = links.get();
      const page = await links.time(() => readChainLinkPage(db, caseId, (end?.seq ?? 0) + 1, limit));
      if (!page.text) break;
      const { fault, last } = await verification.links(page.text);
      if (fault) return { end, fault };
      if (last) end = last;
      if (page.count < limit) break;
      await yieldToRequests();
    }

    // The chained entries, by id, in the chain's order.
    const entries = pageSize(fullVerificationPages.entries);
    for (;;) {
      await yieldToRequests();
      const ids = await verification.next(entries.get());
      if (ids.length === 0) break;
      const page = await entries.time(() => readEntryRows(db, ids));
      if (page.text) await verification.entries(page.text);
    }
    finished = true;
    const lastSeq = end?.seq ?? 0;
    const { found, inCase } = await verification.finish();
    const confirmed = async (fault: EntryFault) => !(await hasLinkAfter(db, caseId, fault.entryId, lastSeq));
    for (const fault of found) if (await confirmed(fault)) return { end, fault };
    // Entries of the case outside the chain: only looked for when the case holds more than it chains.
    await yieldToRequests();
    if ((await countCaseEntries(db, caseId)) > inCase) {
      for (const entryId of await findUnchainedEntryIds(db, caseId, lastSeq, UNCHAINED_LIMIT)) {
        const fault: EntryFault = { kind: 'unchained', entryId };
        if (await confirmed(fault)) return { end, fault };
      }
    }
    return { end, fault: null };
  } finally {
    if (!finished) verification.abort();
  }
}
