import { CANONICALIZATION_VERSION } from '@scamtrail/domain/signatures';
import { canonicalJson, sha256Hex } from './bundle-verifier';

/**
 * What a signature commits to: the signable content of a journal entry, version 1
 * (`CANONICALIZATION_VERSION`), written as RFC 8785 canonical JSON. Its SHA-256 (hex) is the content
 * hash. The fields, and nothing else:
 *
 * | field               | value                                                                     |
 * | ------------------- | ------------------------------------------------------------------------- |
 * | `v`                 | the canonicalisation version, "scamtrail-journal-entry-v1"                |
 * | `id`                | the entry's id                                                            |
 * | `caseId`            | its case's id, or null                                                    |
 * | `type`              | its type (call, note...)                                                  |
 * | `description`       | its description                                                           |
 * | `performedAt`       | when it happened, ISO 8601 in UTC with milliseconds (`Date.toISOString`)  |
 * | `originatorId`      | its originator's id                                                       |
 * | `proxyOriginatorId` | the originator it was recorded for, or null                               |
 * | `identifierIds`     | the ids of its linked identifiers, sorted                                 |
 * | `evidence`          | its linked evidence as `{ id, sha256 }` (sha256 null if none), by id      |
 *
 * Sorting is by UTF-16 code units, as RFC 8785 sorts keys (ids are lower-case UUIDs, so plain text order).
 * The hash chain of a case's journal adds the removal state to this (`chainedContent`). A type rather
 * than an interface, so that the chained content, which adds to it, is a record of its fields.
 */
export type SignableContent = {
  v: string;
  id: string;
  caseId: string | null;
  type: string;
  description: string;
  performedAt: string;
  originatorId: string;
  proxyOriginatorId: string | null;
  identifierIds: string[];
  evidence: { id: string; sha256: string | null }[];
};

/** The columns of an entry the content is built from, as a repository reads them. */
export interface SignableEntry {
  id: string;
  caseId: string | null;
  type: string;
  description: string;
  performedAt: Date;
  originatorId: string;
  proxyOriginatorId: string | null;
  isNullified: boolean;
  nullifiedReason: string | null;
  nullifiedAt: Date | null;
  nullifiedByOriginatorId: string | null;
  identifierIds: string[];
  evidence: { id: string; sha256: string | null }[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function signableContent(entry: SignableEntry): SignableContent {
  return {
    v: CANONICALIZATION_VERSION,
    id: entry.id,
    caseId: entry.caseId,
    type: entry.type,
    description: entry.description,
    performedAt: entry.performedAt.toISOString(),
    originatorId: entry.originatorId,
    proxyOriginatorId: entry.proxyOriginatorId,
    identifierIds: [...entry.identifierIds].sort(byText),
    evidence: entry.evidence
      .map(({ id, sha256 }) => ({ id, sha256: sha256 ?? null }))
      .sort((a, b) => byText(a.id, b.id)),
  };
}

/** The content a link of the case's hash chain records: the signable content and the removal state. */
export function chainedContent(entry: SignableEntry) {
  // Added to the signable content rather than spread into a new literal after it, which costs V8 (Node
  // 20) microseconds a call, on every journal write (issue 38).
  return Object.assign(signableContent(entry), {
    isNullified: entry.isNullified,
    nullifiedReason: entry.nullifiedReason,
    nullifiedAt: entry.nullifiedAt ? entry.nullifiedAt.toISOString() : null,
    nullifiedBy: entry.nullifiedByOriginatorId,
  });
}

/** The content hash of an entry as it is now. */
export function contentHashOf(entry: SignableEntry): { canonical: string; hash: string } {
  const canonical = canonicalJson(signableContent(entry));
  return { canonical, hash: sha256Hex(canonical) };
}
