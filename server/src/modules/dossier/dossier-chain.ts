import { canonicalJson, sha256Hex } from '../signatures/bundle-verifier';
import type { ChainFile, ChainFileLink } from './dossier-format';

/**
 * The case journal's hash chain checked from `journal-chain.json` alone, as
 * `GET /api/cases/{id}/journal-integrity` checks it from the database (docs/signatures.md): links
 * numbered from 1 without gaps, each naming the hash of the one before, each hash recomputing, and
 * each entry's latest link hashing the entry's chained content given beside it. No database.
 */

export const GENESIS_HASH = '0'.repeat(64);

export const linkHashRule =
  'SHA-256 (hex) of the RFC 8785 canonical JSON of { caseId, seq, kind, journalEntryId, contentHash, prevHash }';

/** A link's hash, as modules/signatures/journal-chain.ts computes it. */
export function chainLinkHash(caseId: string, link: ChainFileLink): string {
  const { seq, kind, journalEntryId, contentHash, prevHash } = link;
  return sha256Hex(canonicalJson({ caseId, seq, kind, journalEntryId, contentHash, prevHash }));
}

export interface ChainVerdict {
  ok: boolean;
  detail: string;
  head: string | null;
}

export function verifyChainFile(chain: ChainFile): ChainVerdict {
  const fail = (detail: string): ChainVerdict => ({ ok: false, detail, head: null });
  if (!chain || !Array.isArray(chain.links) || !Array.isArray(chain.entries)) {
    return fail('journal-chain.json has no links or entries');
  }
  const latest = new Map<string, ChainFileLink>();
  let prevHash = GENESIS_HASH;
  for (const [index, link] of chain.links.entries()) {
    const expected = index + 1;
    if (link.seq !== expected) return fail(`link ${expected} of the chain is missing (found ${link.seq})`);
    if (link.prevHash !== prevHash) {
      return fail(
        `link ${link.seq} does not follow link ${link.seq - 1}: the hash it names is not that link's`,
      );
    }
    if (chainLinkHash(chain.caseId, link) !== link.hash) {
      return fail(`link ${link.seq} was altered: its hash does not match its fields`);
    }
    prevHash = link.hash;
    latest.set(link.journalEntryId, link);
  }
  let withheld = 0;
  for (const entry of chain.entries) {
    const link = latest.get(entry.id);
    if (!link) return fail(`entry ${entry.id} is in the case but not in its chain`);
    if (entry.content === null) {
      withheld += 1;
      continue;
    }
    if (sha256Hex(canonicalJson(entry.content)) !== link.contentHash) {
      return fail(`entry ${entry.id} does not hash to its latest link (link ${link.seq})`);
    }
  }
  const head = chain.links.length ? chain.links[chain.links.length - 1].hash : null;
  const skipped = withheld ? `; ${withheld} entries' content withheld, their links checked only` : '';
  return {
    ok: true,
    detail: `${chain.links.length} links intact, ${chain.entries.length - withheld} entries hash to their latest link${skipped}`,
    head,
  };
}
