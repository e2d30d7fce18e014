import {
  Button,
  ComposedModal,
  InlineNotification,
  ModalBody,
  ModalFooter,
  ModalHeader,
  SkeletonText,
} from '@carbon/react';
import { Fragment, useEffect, useRef } from 'react';
import { OriginatorWithProxy } from '../../../components/originator-badge/originator-with-proxy';
import { useToast } from '../../../components/toasts/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useIdentifier } from '../api/get-identifier';
import type { IdentifierItem } from '../api/identifier-types';
import { useValidateIdentifier } from '../api/validate-identifier';
import { EMPTY_CELL } from '../../../lib/format';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { useModalFocus } from '../../../components/modal-focus';
import { DetailFields } from './detail-fields';
import { DetailEnrichment } from './detail-enrichment';
import { DetailPivot } from './detail-pivot';
import { DetailCases, DetailJournalEntries, DetailMedia } from './detail-related';
import { DetailReview } from './detail-review';
import { DetailSection } from './detail-section';
import { DetailTags } from './detail-tags';
import { DetailValidation } from './detail-validation';
import { useFailureToast } from '../../../lib/use-failure-toast';
import '../../../styles/carbon/modal.scss';

export const DETAIL_LOAD_FAILED_MESSAGE = 'Failed to load identifier details';

interface IdentifierDetailModalProps {
  id: string;
  /** The list's copy of the identifier: shown at once, and kept when the detail cannot load. */
  fallback?: IdentifierItem;
  canValidate: boolean;
  /** Whether the user may confirm or reject the identifier, or return it to the validation queue. */
  canReview: boolean;
  /** Whether the user may change the identifier's tags (and list every tag to pick from). */
  canEditTags: boolean;
  onEdit?: (identifier: IdentifierItem) => void;
  /** A review decision was saved; by default the dialog closes. */
  onReviewed?: () => void;
  /** Shows the next identifier of a queue in this dialog; offered as "Next" when given. */
  onNext?: () => void;
  onClose: () => void;
}

/**
 * "{type label} Details" (spec 2.3), with its review, validation and the cases the identifier appears
 * in. The same dialog reviews identifiers on the validation queue and shows them on the identifier list.
 * A saved decision closes it, unless the queue moves it on to its next identifier (`onReviewed`, `onNext`):
 * then its contents change in place, scrolled back to the top, with focus on them.
 */
export function IdentifierDetailModal({
  id,
  fallback,
  canValidate,
  canReview,
  canEditTags,
  onEdit,
  onClose,
  onReviewed = onClose,
  onNext,
}: IdentifierDetailModalProps) {
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const query = useIdentifier(id);
  const validate = useValidateIdentifier();
  const detail = query.data;
  const identifier: IdentifierItem | undefined = detail ?? fallback;
  const { error, errorUpdatedAt } = query;
  const title = identifier ? `${identifier.typeLabel} Details` : 'Identifier Details';

  const focusProps = useModalFocus(true, 'action');
  const body = useRef<HTMLDivElement>(null);
  const shownId = useRef(id);
  // Another identifier in the same dialog: its top, where a reader starts, as when the dialog opened.
  useEffect(() => {
    if (shownId.current === id) return;
    shownId.current = id;
    if (!body.current) return;
    body.current.scrollTop = 0;
    body.current.focus();
  }, [id]);
  const hasFallback = !!fallback;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Once per failure (errorUpdatedAt), not on every render.
  useEffect(() => {
    if (!error) return;
    showFailure(error, { title: errorMessage(error, DETAIL_LOAD_FAILED_MESSAGE), subtitle: '' });
    // Without the list's copy there is nothing to show.
    if (!hasFallback) onCloseRef.current();
  }, [error, errorUpdatedAt, hasFallback, showFailure]);

  function runValidation() {
    validate.mutate(id, {
      onSuccess: (report) =>
        showToast({
          kind: 'success',
          title: 'Validation finished',
          subtitle: `Confidence ${report.formatted}`,
        }),
      onError: (cause) => showFailure(cause, { title: 'Failed to validate identifier', fallback: '' }),
    });
  }

  return (
    <ComposedModal open size="lg" onClose={onClose} aria-label={title} {...focusProps}>
      <ModalHeader title={title} />
      <ModalBody
        ref={body}
        className="identifier-detail"
        hasScrollingContent
        aria-label={title}
        onMouseDown={keepFocusOnPress}
      >
        {!identifier ? (
          <SkeletonText paragraph lineCount={6} />
        ) : (
          // Keyed by identifier: a note typed for one is not left in the next one's review.
          <Fragment key={id}>
            <DetailFields identifier={identifier} />
            {detail ? (
              <>
                <DetailPivot detail={detail} />
                <DetailEnrichment detail={detail} />
                <DetailReview detail={detail} canReview={canReview} onReviewed={onReviewed} />
                <DetailTags identifierId={id} tags={detail.tags} canEdit={canEditTags} />
                <DetailValidation
                  detail={detail}
                  canValidate={canValidate}
                  isValidating={validate.isPending}
                  onValidate={runValidation}
                />
                <DetailMedia detail={detail} />
                <DetailJournalEntries detail={detail} />
                <DetailCases detail={detail} />
              </>
            ) : query.isError ? (
              <InlineNotification
                kind="warning"
                lowContrast
                hideCloseButton
                title="Only part of this identifier could be loaded"
                subtitle="Review, tags, validation, media, journal entries and cases are missing. Close and open it again to retry."
              />
            ) : (
              <SkeletonText paragraph lineCount={4} />
            )}
            <DetailSection id="created-by" title="Created By">
              {identifier.originator ? (
                <OriginatorWithProxy originator={identifier.originator} />
              ) : (
                <span>{EMPTY_CELL}</span>
              )}
            </DetailSection>
          </Fragment>
        )}
      </ModalBody>
      <ModalFooter>
        {identifier && onEdit && (
          <Button kind="secondary" onClick={() => onEdit(identifier)}>
            Edit
          </Button>
        )}
        {onNext && (
          <Button kind="secondary" onClick={onNext}>
            Next
          </Button>
        )}
        <Button kind="primary" data-modal-primary-focus onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </ComposedModal>
  );
}
