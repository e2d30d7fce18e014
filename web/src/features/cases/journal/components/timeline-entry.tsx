import { Tag } from '@carbon/react';
import { JOURNAL_ENTRY_TYPE_LABELS, type JournalEntry } from '@scamtrail/domain/journal-entries';
import { OriginatorWithProxy } from '../../../../components/originator-badge/originator-with-proxy';
import { RowActionsMenu, type RowMenuAction } from '../../../../components/row-actions-menu';
import { formatDateTime } from '../../../../lib/format';
import { signJournalEntry } from '../api/journal-sign-entry';
import { signatureBundleLink, verifyJournalEntry } from '../api/journal-verify-entry';
import { EntryEvidence, EntryIdentifiers } from './entry-links';
import { ENTRY_TYPE_STYLES } from '../../../../components/journal-entry-type';
import { MarkedText } from '../../../../components/marked-text';

interface TimelineEntryProps {
  entry: JournalEntry;
  /** Edit and Remove, as the viewer may; none for a removed entry. */
  actions: RowMenuAction[];
  /** The timeline's search: each occurrence in the description is marked. */
  searched?: string;
}

/** "Removed by Ada Okafor on Mar 5, 2025, 2:03 PM: duplicate of the call above". */
export function removalText(entry: JournalEntry): string {
  const by = entry.nullifiedBy ? ` by ${entry.nullifiedBy}` : '';
  const on = entry.nullifiedAt ? ` on ${formatDateTime(entry.nullifiedAt)}` : '';
  return `Removed${by}${on}: ${entry.nullifiedReason || 'no reason given'}`;
}

/** An entry was recorded later than it happened (a call written up the next day). */
function recordedLater(entry: JournalEntry): boolean {
  return new Date(entry.createdAt).getTime() - new Date(entry.performedAt).getTime() > 60_000;
}

/** One journal entry of the timeline: who, what kind, when, what was done, and what it links. */
export function TimelineEntry({ entry, actions, searched = '' }: TimelineEntryProps) {
  const label = JOURNAL_ENTRY_TYPE_LABELS[entry.type] ?? entry.type;
  const style = ENTRY_TYPE_STYLES[entry.type] ?? ENTRY_TYPE_STYLES.other;
  const Icon = style.icon;
  const when = formatDateTime(entry.performedAt);
  const removed = entry.isNullified;

  return (
    <article
      className={`timeline-entry${removed ? ' timeline-entry--removed' : ''}`}
      aria-label={`${label} entry, ${when}${removed ? ', removed' : ''}`}
    >
      <div className="timeline-entry__marker" aria-hidden>
        <Icon size={16} />
      </div>
      <div className="timeline-entry__card">
        <header className="timeline-entry__header">
          <div className="timeline-entry__meta">
            <Tag type={style.tag} size="sm" className="timeline-entry__type">
              {label}
            </Tag>
            <time className="timeline-entry__time" dateTime={entry.performedAt}>
              {when}
            </time>
            {recordedLater(entry) && (
              <span className="timeline-entry__recorded">recorded {formatDateTime(entry.createdAt)}</span>
            )}
            {removed && (
              <Tag type="red" size="sm">
                Removed
              </Tag>
            )}
          </div>
          <div className="timeline-entry__who">
            {entry.originator ? (
              <OriginatorWithProxy
                originator={entry.originator}
                signature={{ isSigned: entry.isSigned }}
                verify={entry.isSigned ? () => verifyJournalEntry(entry.id) : undefined}
                // A removed entry cannot be signed (spec 4).
                sign={entry.isSigned || removed ? undefined : () => signJournalEntry(entry.id)}
                signatureBundle={entry.isSigned ? signatureBundleLink(entry.id) : undefined}
                size="md"
              />
            ) : (
              <span className="timeline-entry__unknown">Unknown originator</span>
            )}
          </div>
          {!removed && actions.length > 0 && (
            <div className="timeline-entry__actions">
              <RowActionsMenu label={`${label} entry of ${when}`} actions={actions} />
            </div>
          )}
        </header>
        {removed && <p className="timeline-entry__removal">{removalText(entry)}</p>}
        <p className="timeline-entry__description">
          <MarkedText text={entry.description} term={searched} />
        </p>
        <EntryEvidence evidence={entry.evidence} />
        <EntryIdentifiers identifiers={entry.identifiers} />
      </div>
    </article>
  );
}
