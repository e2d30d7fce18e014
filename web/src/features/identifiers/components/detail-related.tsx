import { Link, Tag } from '@carbon/react';
import { Catalog, Chat, Currency, Document, Email, Events, Phone } from '@carbon/icons-react';
import { EVIDENCE_KIND_LABELS, EVIDENCE_KINDS, type EvidenceKind } from '@scamtrail/domain/evidence';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_KIND_ICONS } from '../../../components/evidence/evidence-format';
import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_CELL, formatListDate, pluralise } from '../utils/format';
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

const isEvidenceKind = (kind: string): kind is EvidenceKind =>
  (EVIDENCE_KINDS as readonly string[]).includes(kind);

/** An evidence item's kind as the evidence pages draw and name it. */
function evidenceKind(kind: string) {
  return isEvidenceKind(kind)
    ? { Icon: EVIDENCE_KIND_ICONS[kind], label: EVIDENCE_KIND_LABELS[kind] }
    : { Icon: EVIDENCE_KIND_ICONS.document, label: entryTypeLabel(kind) };
}

/**
 * Attached Media: every evidence item linked to the identifier that the user may see (written
 * statements as well as files), counted as the list's Evidence column counts them, each opening the
 * item on the evidence page.
 */
export function DetailMedia({ detail }: RelatedProps) {
  return (
    <DetailPagedSection
      identifierId={detail.id}
      kind="evidence"
      id="media"
      title="Attached Media"
      listLabel="Media"
      firstPage={detail.evidence}
      total={detail.evidenceCount}
      empty="No media attached."
      renderItem={(item) => {
        const { Icon, label } = evidenceKind(item.kind);
        return (
          <>
            <Icon aria-hidden />
            <div className="identifier-detail__item-body">
              <Link as={RouterLink} to={`/evidence?open=${encodeURIComponent(item.id)}`}>
                {item.title || EMPTY_CELL}
              </Link>
              <Tag type="cool-gray" size="sm">
                {label}
              </Tag>
              <span className="identifier-detail__item-meta">{formatListDate(item.createdAt)}</span>
            </div>
          </>
        );
      }}
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
            <div className="identifier-detail__item-body">
              <span className="identifier-detail__item-title">{entry.description || 'Untitled Entry'}</span>
              <Tag type="cool-gray" size="sm">
                {entryTypeLabel(entry.type)}
              </Tag>
              <span className="identifier-detail__item-meta">
                {formatListDate(entry.performedAt || entry.createdAt)} ·{' '}
                {pluralise(entry.mediaIds.length, 'media file')}
              </span>
            </div>
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
        <div className="identifier-detail__item-body">
          <Link as={RouterLink} to={`/cases/${encodeURIComponent(item.id)}`}>
            {item.title || EMPTY_CELL}
          </Link>
          <Tag type="gray" size="sm">
            {entryTypeLabel(item.status)}
          </Tag>
        </div>
      )}
    />
  );
}
