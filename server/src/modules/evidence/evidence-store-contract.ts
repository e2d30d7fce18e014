import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client';

// What every evidence store provides, apart from which one a deployment uses (evidence-store.ts):
// the stores and the collectors import this, never the choice that imports them.

/**
 * One upload's bytes, received into the store as they arrived (hashed, measured and sniffed on the
 * way, never held whole), not yet kept: `keep` keeps them with the row that names them, `discard`
 * drops them. Until kept they are the collector's once older than its grace period.
 */
export interface IncomingContent {
  sha256: string;
  size: number;
  /** Read from the bytes only (media-type.ts). */
  mediaType: string;
  /**
   * Keeps the bytes under their hash (what is already stored under it is kept as it is). Called
   * inside `tx`, the transaction that writes the row naming the hash, so the bytes are never
   * collected while it runs; if `tx` does not commit, `discard` must follow.
   */
  keep(tx: DbOrTx): Promise<void>;
  /** Drops the bytes unless a committed `keep` made them the stored content; safe to call twice. */
  discard(): Promise<void>;
}

export interface StoredContent {
  stream: Readable;
  size: number;
}

/**
 * Content-addressed storage of evidence files: bytes are kept once per SHA-256, whatever the number
 * of evidence items that hold them, and never changed afterwards.
 */
export interface EvidenceStore {
  /** Receives an upload's bytes from `source` as they arrive; rejects (having dropped them) if it fails. */
  receive(source: Readable): Promise<IncomingContent>;
  /** The stored bytes, or null when they are missing. */
  open(sha256: string): Promise<StoredContent | null>;
  /** The SHA-256 of the bytes stored now (read again, not remembered), or null when missing. */
  rehash(sha256: string): Promise<string | null>;
  /** `rehash` of each distinct hash, in as few reads of the store as it can (signature verification of a case). */
  rehashMany(sha256s: readonly string[]): Promise<Map<string, string | null>>;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A stored hash is used as a file name and a key: refuse anything but 64 lower-case hex digits. */
export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256 hex digest');
}

/** What one pass of a collector removed (files, blobs or chunks, and their bytes). */
export interface Collected {
  files: number;
  bytes: number;
}
