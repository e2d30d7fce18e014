import { Link, Tag } from '@carbon/react';
import { Attachment, Catalog, Chat, Currency, Document, Email, Events, Phone } from '@carbon/icons-react';
import { Link as RouterLink } from 'react-router';
import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_CELL, formatFileSize, formatListDate, pluralise } from '../utils/format';
import { DetailEmpty, DetailSection } from './detail-section';

/** Journal entry types are free text; the common ones get their own icon. */
const ENTRY_ICONS = {
  note: Document,
  call: Phone,
  phone: Phone,
  email: Email,
  message: Chat,
  meeting: Events,
  payment: Currency,
  transaction: Currency,
} as const;

function entryIcon(type: string) {
  return ENTRY_ICONS[type.toLowerCase() as keyof typeof ENTRY_ICONS] ?? Catalog;
}

function entryTypeLabel(type: string) {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Entry';
}

export function DetailMedia({ media }: { media: IdentifierDetail['media'] }) {
  return (
    <DetailSection id="media" title="Attached Media" count={media.length}>
      {media.length === 0 ? (
        <DetailEmpty>No media attached.</DetailEmpty>
      ) : (
        <ul className="identifier-detail__items">
          {media.map((file) => (
            <li key={file.id} className="identifier-detail__item">
              <Attachment aria-hidden />
              <span className="identifier-detail__item-title">{file.fileName}</span>
              <span className="identifier-detail__item-meta">
                {[file.contentType, formatFileSize(file.sizeBytes)].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

export function DetailJournalEntries({ entries }: { entries: IdentifierDetail['journalEntries'] }) {
  return (
    <DetailSection id="journal" title="Related Journal Entries" count={entries.length}>
      {entries.length === 0 ? (
        <DetailEmpty>No journal entries mention this identifier.</DetailEmpty>
      ) : (
        <ul className="identifier-detail__items">
          {entries.map((entry) => {
            const Icon = entryIcon(entry.type);
            return (
              <li key={entry.id} className="identifier-detail__item">
                <Icon aria-label={entryTypeLabel(entry.type)} />
                <span className="identifier-detail__item-title">{entry.description || 'Untitled Entry'}</span>
                <Tag type="cool-gray" size="sm">
                  {entryTypeLabel(entry.type)}
                </Tag>
                <span className="identifier-detail__item-meta">
                  {formatListDate(entry.performedAt || entry.createdAt)} ·{' '}
                  {pluralise(entry.mediaIds.length, 'media file')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </DetailSection>
  );
}

export function DetailCases({ cases }: { cases: IdentifierDetail['cases'] }) {
  return (
    <DetailSection id="cases" title="Cases" count={cases.length}>
      {cases.length === 0 ? (
        <DetailEmpty>Not part of any case you can see.</DetailEmpty>
      ) : (
        <ul className="identifier-detail__items">
          {cases.map((item) => (
            <li key={item.id} className="identifier-detail__item">
              <Link as={RouterLink} to={`/cases/${encodeURIComponent(item.id)}`}>
                {item.title || EMPTY_CELL}
              </Link>
              <Tag type="gray" size="sm">
                {entryTypeLabel(item.status)}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
