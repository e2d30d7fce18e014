import { Document, Email, Image, Music, TextAlignLeft, Video } from '@carbon/icons-react';
import type { CustodyAction, EvidenceKind } from '@scamtrail/domain/evidence';
import type { CustodyEvent } from './api/evidence-types';

/** What a cell shows when it has no value. */
export const EMPTY_CELL = '—';

export const EVIDENCE_KIND_ICONS = {
  written: TextAlignLeft,
  screenshot: Image,
  document: Document,
  email: Email,
  audio: Music,
  video: Video,
} satisfies Record<EvidenceKind, unknown>;

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** A size for people: "512 B", "1.5 KB", "24.8 MB"; a dash for written evidence. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || bytes < 0) return EMPTY_CELL;
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

const CUSTODY_ACTION_WORDS: Record<CustodyAction, string> = {
  added: 'Added',
  viewed: 'Viewed',
  downloaded: 'Downloaded',
  linked: 'Linked',
  unlinked: 'Unlinked',
  verified: 'Hash verified',
  edited: 'Edited',
};

export function custodyActionText(action: CustodyAction): string {
  return CUSTODY_ACTION_WORDS[action] ?? action;
}

const ACTOR_KIND_WORDS: Record<CustodyEvent['actor']['kind'], string> = {
  user: '',
  api_key: ' (API key)',
  system: ' (system)',
};

export function custodyActorText(actor: CustodyEvent['actor']): string {
  return `${actor.name}${ACTOR_KIND_WORDS[actor.kind] ?? ''}`;
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A custody row's detail as "key: value" pairs in words ("matches: yes · sha256: 9f86…"). */
export function custodyDetailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${detailValue(value)}`)
    .join(' · ');
}
