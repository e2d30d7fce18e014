import { caseLabel } from './case-labels';
import type { CustodyAction, CustodyEvent } from './evidence';
import { HIDDEN_RECORD_LABELS, isHiddenRecord } from './hidden-records';

/**
 * A chain-of-custody row in words, as a person reads it: the evidence page (web, evidence-format.ts)
 * and the case dossier's report (server, dossier-report.ts) both say a row with these functions, from
 * the custody answer the server gives the reader (`presentCustodyEvents`): a case or journal entry the
 * reader may see by its name (`names`, `entryCases`), one they may not see as "A case you cannot see".
 * No markup and no routes here: each reader of the words makes a named record a link where it leads.
 */

/** What a cell shows for nothing. */
export const NO_VALUE = '—';

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** A size for people: "512 B", "1.5 KB", "24.8 MB"; a dash for none (written evidence). */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || bytes < 0) return NO_VALUE;
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

/** "9f86d081…0a08": enough of a hash to compare by eye. */
export function shortHash(value: unknown): string {
  const hash = str(value);
  return hash && hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : (hash ?? '');
}

/**
 * How a row states a hash: `short` ("9f86d081…0a08") on a screen, whose Integrity section shows the
 * whole one; `full` in a document that is the only place a reader finds it (the dossier's report).
 */
export type HashWords = 'short' | 'full';

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

/** The record a part names, which a reader may open: a case, or a journal entry in its case. */
export type CustodyNamedRecord =
  { kind: 'case'; id: string } | { kind: 'journal_entry'; id: string; caseId: string };

/** A piece of a custody row's detail: words, or the name of a case or entry the reader may open. */
export interface CustodyWordsPart {
  text: string;
  record?: CustodyNamedRecord;
}

/** What the words of a row are made from: its detail and the names the server gives for it. */
export type CustodyWordsEvent = Pick<CustodyEvent, 'action' | 'detail'> &
  Partial<Pick<CustodyEvent, 'names' | 'entryCases'>>;

type Detail = Omit<CustodyWordsEvent, 'action'>;

const words = (text: string): CustodyWordsPart => ({ text });

/** How a row words the case a field names: before its name, and in its place when it is not named. */
interface CaseWords {
  prefix: string;
  hidden: string;
  unnamed: string;
}

const LINKED_CASE: CaseWords = { prefix: 'Case ', hidden: HIDDEN_RECORD_LABELS.case, unnamed: 'A case' };
const ADDED_TO: CaseWords = { prefix: 'to ', hidden: 'to a case you cannot see', unnamed: 'to a case' };
const EXPORTED_OF: CaseWords = { prefix: 'of ', hidden: 'of a case you cannot see', unnamed: 'of a case' };

/**
 * The case a field names: "#12 Its title" when the server names it (the reader may see it), "A case
 * you cannot see" when it is hidden, generic words when it is not named (no longer found).
 */
function caseParts(event: Detail, value: unknown, wording: CaseWords): CustodyWordsPart[] {
  if (isHiddenRecord(value)) return [words(wording.hidden)];
  const id = str(value);
  const name = id ? event.names?.[id] : undefined;
  if (!id || !name) return [words(wording.unnamed)];
  return [words(wording.prefix), { text: name, record: { kind: 'case', id } }];
}

/**
 * The journal entry a link names: "Journal entry Note: Called the bank… in #12 Its title", the entry
 * and its case named when the server names them.
 */
function entryParts(event: Detail, value: unknown): CustodyWordsPart[] {
  const hidden = hiddenLabel(value);
  if (hidden) return [words(hidden)];
  const id = str(value);
  const name = id ? event.names?.[id] : undefined;
  if (!id || !name) return [words('A journal entry')];
  const entryCase = event.entryCases?.[id];
  if (!entryCase) return [words('Journal entry '), words(name)];
  return [
    words('Journal entry '),
    { text: name, record: { kind: 'journal_entry', id, caseId: entryCase.id } },
    words(' in '),
    { text: caseLabel(entryCase), record: { kind: 'case', id: entryCase.id } },
  ];
}

function linkParts(event: Detail): CustodyWordsPart[] {
  const { detail } = event;
  if (detail.journalEntryId !== undefined && detail.journalEntryId !== null) {
    return entryParts(event, detail.journalEntryId);
  }
  if (isHiddenRecord(detail.identifierId)) return [words(HIDDEN_RECORD_LABELS.identifier)];
  if (str(detail.displayValue)) return [words(`Identifier ${str(detail.displayValue)}`)];
  if ('caseId' in detail) return caseParts(event, detail.caseId, LINKED_CASE);
  return [words(genericDetail(detail))];
}

/** The fields an `edited` row names, as a person calls them. */
const EDITED_FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  tagIds: 'tags',
};

/** Parts joined by " · ", the empty ones left out. */
function joined(parts: (CustodyWordsPart[] | string | null)[]): CustodyWordsPart[] {
  return parts
    .filter((part): part is CustodyWordsPart[] | string => Boolean(part && part.length))
    .flatMap((part, i) => [
      ...(i > 0 ? [words(' · ')] : []),
      ...(typeof part === 'string' ? [words(part)] : part),
    ]);
}

/**
 * A custody row's detail: what was added, how it was viewed, what the check found, and the case or
 * journal entry it names by the names the server gives for those the reader may see (`names`,
 * `entryCases`); generic words for one hidden or no longer found.
 */
export function custodyDetailParts(
  event: CustodyWordsEvent,
  hashes: HashWords = 'short',
): CustodyWordsPart[] {
  const { detail } = event;
  const hash = (value: unknown) => (hashes === 'full' ? (str(value) ?? '') : shortHash(value));
  switch (event.action) {
    case 'added':
      return joined([
        typeof detail.size === 'number' ? formatBytes(detail.size) : null,
        str(detail.mediaType),
        detail.sha256 ? `SHA-256 ${hash(detail.sha256)}` : null,
        'caseId' in detail && detail.caseId !== null ? caseParts(event, detail.caseId, ADDED_TO) : null,
      ]);
    case 'viewed':
      return [words(detail.disposition === 'inline' ? 'Image preview' : 'Details opened')];
    case 'downloaded':
      return [words('File downloaded')];
    case 'verified':
      if (detail.matches === true) return [words(`Hash matches (${hash(detail.sha256)})`)];
      return [
        words(
          detail.sha256
            ? `Hash does NOT match: now ${hash(detail.sha256)}, recorded ${hash(detail.recorded)}`
            : 'Hash does NOT match: the stored bytes are missing',
        ),
      ];
    case 'linked':
    case 'unlinked':
      return linkParts(event);
    case 'edited':
      return [
        words(
          Array.isArray(detail.fields)
            ? `Changed ${detail.fields.map((field) => EDITED_FIELD_NAMES[String(field)] ?? String(field)).join(', ')}`
            : genericDetail(detail),
        ),
      ];
    case 'exported':
      return joined([
        detail.dossierSha256 ? `Dossier SHA-256 ${hash(detail.dossierSha256)}` : null,
        'caseId' in detail && detail.caseId !== null ? caseParts(event, detail.caseId, EXPORTED_OF) : null,
      ]);
    default:
      return [words(genericDetail(detail))];
  }
}

/** A custody row's detail in words: its parts' text. */
export function custodyDetailText(event: CustodyWordsEvent, hashes: HashWords = 'short'): string {
  return custodyDetailParts(event, hashes)
    .map((part) => part.text)
    .join('');
}
