import { Link, Tag } from '@carbon/react';
import { EVIDENCE_KIND_LABELS } from '@scamtrail/domain/evidence';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { Link as RouterLink } from 'react-router';
import { CaseStatusTag } from '../../../components/case-tags';
import { EVIDENCE_KIND_ICONS } from '../../../components/evidence-kind-icons';
import { ENTRY_TYPE_STYLES } from '../../../components/journal-entry-type';
import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_CELL, formatDate, pluralise } from '../../../lib/format';
import { DetailPagedSection } from './detail-paged-section';
import { WrittenEvidence } from './written-evidence';
import { paths } from '../../../lib/paths';

interface RelatedProps {
  detail: IdentifierDetail;
}

/**
 * Attached Media: every evidence item linked to the identifier that the user may see (written
 * statements as well as files), counted as the list's Evidence column counts them, each opening the
 * item on the evidence page. A written item's text can be read here, the identifier marked in it.
 */
/*
 * Each section needs its kind's view permission: without it the server leaves its count out (and its
 * first page empty), and the section is not shown rather than claiming there is none.
 */

export function DetailMedia({ detail }: RelatedProps) {
  if (detail.evidenceCount === undefined) return null;
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
        const Icon = EVIDENCE_KIND_ICONS[item.kind];
        const titleId = `identifier-evidence-${item.id}`;
        return (
          <>
            <Icon aria-hidden />
            <div className="identifier-detail__item-body">
              <Link id={titleId} as={RouterLink} to={paths.evidence({ open: item.id })}>
                {item.title || EMPTY_CELL}
              </Link>
              <Tag type="cool-gray" size="sm">
                {EVIDENCE_KIND_LABELS[item.kind]}
              </Tag>
              <span className="identifier-detail__item-meta">{formatDate(item.createdAt)}</span>
              {item.kind === 'written' && (
                <WrittenEvidence
                  evidenceId={item.id}
                  title={item.title}
                  titleId={titleId}
                  value={detail.displayValue}
                />
              )}
            </div>
          </>
        );
      }}
    />
  );
}

export function DetailJournalEntries({ detail }: RelatedProps) {
  if (detail.journalEntryCount === undefined) return null;
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
        const { icon: Icon, tag } = ENTRY_TYPE_STYLES[entry.type];
        const label = JOURNAL_ENTRY_TYPE_LABELS[entry.type];
        return (
          <>
            <Icon aria-label={label} />
            <div className="identifier-detail__item-body">
              <span className="identifier-detail__item-title">{entry.description || 'Untitled Entry'}</span>
              <Tag type={tag} size="sm">
                {label}
              </Tag>
              <span className="identifier-detail__item-meta">
                {formatDate(entry.performedAt || entry.createdAt)} ·{' '}
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
  if (detail.caseCount === undefined) return null;
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
          <Link as={RouterLink} to={paths.caseDetail(item.id)}>
            {item.title || EMPTY_CELL}
          </Link>
          <CaseStatusTag status={item.status} size="sm" />
        </div>
      )}
    />
  );
}
