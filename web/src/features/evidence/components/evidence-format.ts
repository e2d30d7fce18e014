import type { CustodyAction } from '@scamtrail/domain/evidence';
import { HIDDEN_RECORD_LABELS, isHiddenRecord } from '@scamtrail/domain/hidden-records';
import { EMPTY_CELL } from '../../../lib/format';
import type { CustodyEvent } from '../api/evidence-types';

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
  exported: 'Exported in a dossier',
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

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** "9f86d081…0a08": enough of a hash to compare by eye; the full one is in the Integrity section. */
export function shortHash(value: unknown): string {
  const hash = str(value);
  return hash && hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : (hash ?? '');
}

function genericDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${text}`;
    })
    .join(' · ');
}

/** A record the reader may not see, as the server names it in its place: "A case you cannot see". */
const hiddenLabel = (value: unknown) => (isHiddenRecord(value) ? HIDDEN_RECORD_LABELS[value.hidden] : null);

function linkDetail(detail: Record<string, unknown>): string {
  const hidden = hiddenLabel(detail.journalEntryId) ?? hiddenLabel(detail.caseId);
  if (hidden) return hidden;
  if (str(detail.journalEntryId)) return 'Journal entry';
  if (str(detail.displayValue)) return `Identifier ${str(detail.displayValue)}`;
  if ('caseId' in detail) return 'Case';
  return genericDetail(detail);
}

/** The fields an `edited` row names, as a person calls them. */
const EDITED_FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  tagIds: 'tags',
};

/** A custody row's detail in words: what was added, how it was viewed, what the check found. */
export function custodyDetailText(event: Pick<CustodyEvent, 'action' | 'detail'>): string {
  const { detail } = event;
  switch (event.action) {
    case 'added': {
      const parts = [
        typeof detail.size === 'number' ? formatBytes(detail.size) : null,
        str(detail.mediaType),
        detail.sha256 ? `SHA-256 ${shortHash(detail.sha256)}` : null,
        isHiddenRecord(detail.caseId) ? 'to a case you cannot see' : str(detail.caseId) ? 'to a case' : null,
      ];
      return parts.filter(Boolean).join(' · ');
    }
    case 'viewed':
      return detail.disposition === 'inline' ? 'Image preview' : 'Details opened';
    case 'downloaded':
      return 'File downloaded';
    case 'verified':
      if (detail.matches === true) return `Hash matches (${shortHash(detail.sha256)})`;
      return detail.sha256
        ? `Hash does NOT match: now ${shortHash(detail.sha256)}, recorded ${shortHash(detail.recorded)}`
        : 'Hash does NOT match: the stored bytes are missing';
    case 'linked':
    case 'unlinked':
      return linkDetail(detail);
    case 'edited':
      return Array.isArray(detail.fields)
        ? `Changed ${detail.fields.map((field) => EDITED_FIELD_NAMES[String(field)] ?? String(field)).join(', ')}`
        : genericDetail(detail);
    default:
      return genericDetail(detail);
  }
}
