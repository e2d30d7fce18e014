import { Link, Tag } from '@carbon/react';
import { Attachment, Catalog, Chat, Currency, Document, Email, Events, Phone } from '@carbon/icons-react';
import { Link as RouterLink } from 'react-router';
import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_CELL, formatFileSize, formatListDate, pluralise } from '../utils/format';
import { DetailPagedSection } from './detail-paged-section';

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

interface RelatedProps {
  detail: IdentifierDetail;
}

export function DetailMedia({ detail }: RelatedProps) {
  return (
    <DetailPagedSection
      identifierId={detail.id}
      kind="media"
      id="media"
      title="Attached Media"
      listLabel="Media"
      firstPage={detail.media}
      total={detail.mediaCount}
      empty="No media attached."
      renderItem={(file) => (
        <>
          <Attachment aria-hidden />
          <span className="identifier-detail__item-title">{file.fileName}</span>
          <span className="identifier-detail__item-meta">
            {[file.contentType, formatFileSize(file.sizeBytes)].filter(Boolean).join(' · ')}
          </span>
        </>
      )}
    />
  );
}

export function DetailJournalEntries({ detail }: RelatedProps) {
  return (
    <DetailPagedSection
      identifierId={detail.id}
      kind="journalEntries"
      id="journal"
      title="Related Journal Entries"
      listLabel="Journal entries"
      firstPage={detail.journalEntries}
      total={detail.journalEntryCount}
      empty="No journal entries mention this identifier."
      renderItem={(entry) => {
        const Icon = entryIcon(entry.type);
        return (
          <>
            <Icon aria-label={entryTypeLabel(entry.type)} />
            <span className="identifier-detail__item-title">{entry.description || 'Untitled Entry'}</span>
            <Tag type="cool-gray" size="sm">
              {entryTypeLabel(entry.type)}
            </Tag>
            <span className="identifier-detail__item-meta">
              {formatListDate(entry.performedAt || entry.createdAt)} ·{' '}
              {pluralise(entry.mediaIds.length, 'media file')}
            </span>
          </>
        );
      }}
    />
  );
}

export function DetailCases({ detail }: RelatedProps) {
  return (
    <DetailPagedSection
      identifierId={detail.id}
      kind="cases"
      id="cases"
      title="Cases"
      listLabel="Cases"
      firstPage={detail.cases}
      total={detail.caseCount}
      empty="Not part of any case you can see."
      renderItem={(item) => (
        <>
          <Link as={RouterLink} to={`/cases/${encodeURIComponent(item.id)}`}>
            {item.title || EMPTY_CELL}
          </Link>
          <Tag type="gray" size="sm">
            {entryTypeLabel(item.status)}
          </Tag>
        </>
      )}
    />
  );
}
