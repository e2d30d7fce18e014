import {
  Button,
  ComposedModal,
  InlineNotification,
  Link,
  ModalBody,
  ModalFooter,
  ModalHeader,
  SkeletonText,
  Tag,
} from '@carbon/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isCaseReadOnly } from '@scamtrail/domain/cases';
import { EVIDENCE_KIND_LABELS } from '@scamtrail/domain/evidence';
import { hasPermission } from '@scamtrail/domain/permissions';
import { errorMessage } from '../../../lib/api-error';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { useSession } from '../../../lib/session';
import { DescriptionList, type DescriptionItem } from '../../../components/description-list';
import { useModalFocus } from '../../../components/modal-focus';
import { OriginatorWithProxy } from '../../../components/originator-badge/originator-with-proxy';
import { useEvidence } from '../api/get-evidence';
import type { EvidenceItem } from '../api/evidence-types';
import { caseLabel } from '@scamtrail/domain/case-labels';
import { EvidenceContent } from './evidence-content';
import { EvidenceCustody } from './evidence-custody';
import { EvidenceEntries } from './evidence-entries';
import { formatBytes } from './evidence-format';
import { EvidenceIdentifiers } from './evidence-identifiers';
import { EvidenceIntegrity } from './evidence-integrity';
import { paths } from '../../../lib/paths';
import '../../../styles/carbon/modal.scss';

interface EvidenceDetailModalProps {
  id: string;
  /** The list's copy: shown at once, and kept when the detail cannot load. */
  fallback?: EvidenceItem;
  /** Name the item's case (left out inside the case itself). */
  showCase: boolean;
  /** Opens the edit dialog; offered to holders of evidence.edit while the item's case is not archived. */
  onEdit?: (item: EvidenceItem) => void;
  onClose: () => void;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="evidence-detail__section" aria-labelledby={`evidence-detail-${id}`}>
      <h3 id={`evidence-detail-${id}`} className="evidence-detail__section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function fieldsOf(item: EvidenceItem, showCase: boolean, hasEntriesSection: boolean): DescriptionItem[] {
  const fields: (DescriptionItem | false)[] = [
    { label: 'Kind', value: EVIDENCE_KIND_LABELS[item.kind] },
    item.kind !== 'written' && { label: 'File name', value: item.fileName ?? EMPTY_CELL },
    item.kind !== 'written' && { label: 'Media type', value: item.mediaType ?? EMPTY_CELL },
    item.kind !== 'written' && { label: 'Size', value: formatBytes(item.size) },
    // Absent when the person may not read cases: not named, rather than shown as not in a case.
    showCase &&
      item.case !== undefined && {
        label: 'Case',
        value: item.case ? (
          <Link as={RouterLink} to={paths.caseDetail(item.case.id)}>
            {caseLabel(item.case)}
          </Link>
        ) : (
          'Not in a case'
        ),
      },
    {
      label: 'Tags',
      value: item.tags.length ? (
        <ul className="tag-list" aria-label="Tags">
          {item.tags.map((tag) => (
            <li key={tag.id}>
              <Tag type={tag.color} size="sm">
                {tag.name}
              </Tag>
            </li>
          ))}
        </ul>
      ) : (
        EMPTY_CELL
      ),
    },
    { label: 'Description', value: item.description || EMPTY_CELL },
    {
      label: 'Added by',
      value: item.originator ? <OriginatorWithProxy originator={item.originator} /> : EMPTY_CELL,
    },
    { label: 'Added at', value: formatDateTime(item.createdAt) },
    // Listed in their own section when the person may read them.
    !hasEntriesSection && {
      label: 'Journal entries',
      value: formatCount(item.journalEntryCount),
    },
  ];
  return fields.filter((field): field is DescriptionItem => Boolean(field));
}

/** A count the server leaves out (without the permission to read what it counts) shows as a dash, never 0. */
const formatCount = (count: number | undefined) =>
  count === undefined ? EMPTY_CELL : count.toLocaleString('en-US');

const counted = (title: string, count: number | undefined) => `${title} (${formatCount(count)})`;

/**
 * An evidence item: its fields, the content (preview, text or download), the identifiers linked to it
 * and the journal entries that link it, the SHA-256 with a check of the stored bytes, and the chain of
 * custody. Opening it is itself recorded in the chain ("viewed").
 */
export function EvidenceDetailModal({ id, fallback, showCase, onEdit, onClose }: EvidenceDetailModalProps) {
  const { user } = useSession();
  const query = useEvidence(id);
  const item = query.data ?? fallback;
  const title = item?.title ?? 'Evidence';
  const focusProps = useModalFocus(true, 'action');
  const can = (permission: string) => hasPermission(user?.permissions, permission);
  const isArchived = Boolean(item?.case && isCaseReadOnly(item.case.status));
  const canEdit = can('evidence.edit') && !isArchived;
  const showIdentifiers = can('identifier.view');
  const showEntries = can('journal_entry.view');

  return (
    <ComposedModal open size="lg" onClose={onClose} aria-label={title} {...focusProps}>
      <ModalHeader label="Evidence" title={title} />
      <ModalBody
        className="evidence-detail"
        hasScrollingContent
        aria-label={title}
        onMouseDown={keepFocusOnPress}
      >
        {query.isError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Failed to load the evidence"
            subtitle={errorMessage(query.error, 'Please try again')}
          />
        )}
        {!item ? (
          !query.isError && <SkeletonText paragraph lineCount={6} />
        ) : (
          <>
            <Section id="details" title="Details">
              <DescriptionList items={fieldsOf(item, showCase, showEntries)} />
            </Section>
            <Section id="content" title={item.kind === 'written' ? 'Text' : 'Content'}>
              <EvidenceContent item={item} />
            </Section>
            {showIdentifiers && (
              <Section id="identifiers" title={counted('Identifiers', item.identifierCount)}>
                <EvidenceIdentifiers evidenceId={item.id} canEdit={canEdit} />
              </Section>
            )}
            {showEntries && (
              <Section id="entries" title={counted('Journal entries', item.journalEntryCount)}>
                <EvidenceEntries evidenceId={item.id} />
              </Section>
            )}
            {item.sha256 && (
              <Section id="integrity" title="Integrity">
                <EvidenceIntegrity evidenceId={item.id} sha256={item.sha256} />
              </Section>
            )}
            {query.data && (
              <Section id="custody" title="Chain of custody">
                <EvidenceCustody evidenceId={item.id} />
              </Section>
            )}
          </>
        )}
      </ModalBody>
      <ModalFooter>
        {query.data && onEdit && canEdit && (
          <Button kind="secondary" onClick={() => onEdit(query.data)}>
            Edit
          </Button>
        )}
        <Button kind="primary" data-modal-primary-focus onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </ComposedModal>
  );
}
