import { Button, ComposedModal, InlineLoading, ModalBody, ModalFooter, ModalHeader } from '@carbon/react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { originatorTypeLabel } from '@scamtrail/domain/originator-labels';
import { keepFocusOnPress } from '../../lib/modal-press';
import { useModalFocus } from '../modal-focus';
import { useOriginator } from './get-originator';
import type {
  BadgeOriginator,
  EntrySignature,
  SignatureBundleLink,
  SignatureInfo,
} from './originator-badge-types';
import { AdditionalData, OriginatorInformation, ProxyInformation } from './originator-details-sections';
import { displayNameOf } from './originator-fields';
import { ORIGINATOR_TYPE_ICONS } from './originator-type-icons';
import { SignatureSection } from './signature-section';
import { useSignatureVerification } from './use-signature-verification';
import '../../styles/carbon/modal.scss';

interface OriginatorDetailsModalProps {
  open: boolean;
  onClose: () => void;
  originator: BadgeOriginator;
  signature?: EntrySignature;
  verify?: () => Promise<SignatureInfo | null | undefined>;
  sign?: () => Promise<unknown>;
  signatureBundle?: SignatureBundleLink;
  isOwnEntry: boolean;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="originator-details__section" aria-labelledby={id}>
      <h3 id={id} className="originator-details__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * "Originator Details" (spec 2.4): the originator by type, the proxy, Additional Data and the Digital
 * Signature. The details are loaded when the modal opens; until then, and if that fails, the data the
 * record already holds is shown (spec 8). Rendered into the body so it also works inside other modals.
 */
export function OriginatorDetailsModal(props: OriginatorDetailsModalProps) {
  const { open, onClose, originator, signature, verify, sign, signatureBundle, isOwnEntry } = props;
  const detail = useOriginator(originator.id, originator.type, open);
  const verification = useSignatureVerification(open, signature, verify);
  const focusProps = useModalFocus(open, 'action');
  // The loaded answer wins over what the record held; the proxy comes only from the record.
  const shown: BadgeOriginator = detail.data ? { ...originator, ...detail.data } : originator;
  const Icon = ORIGINATOR_TYPE_ICONS[originator.type];
  const prefix = `originator-${originator.id}`;

  return createPortal(
    // Clicks inside the modal must not reach a clickable row or tile the badge sits in.
    <div onClick={(event) => event.stopPropagation()} className="originator-details-portal">
      <ComposedModal open={open} onClose={onClose} size="md" aria-label="Originator Details" {...focusProps}>
        <ModalHeader label={originatorTypeLabel(originator.type)} title="Originator Details" />
        <ModalBody
          className="originator-details"
          hasScrollingContent
          aria-label="Originator details"
          // Its buttons (Sign entry, the bundle link) must take a mouse press at the first click.
          onMouseDown={keepFocusOnPress}
        >
          <div className="originator-details__identity">
            <Icon size={24} aria-hidden />
            <span className="originator-details__name">{displayNameOf(shown)}</span>
            {detail.isFetching && <InlineLoading description="Loading details..." />}
          </div>
          <Section id={`${prefix}-info`} title="Information">
            <OriginatorInformation originator={shown} />
          </Section>
          {originator.proxy && (
            <Section id={`${prefix}-proxy`} title="Proxy">
              <ProxyInformation originator={shown} proxy={originator.proxy} />
            </Section>
          )}
          {signature && (
            <Section id={`${prefix}-signature`} title="Digital Signature">
              <SignatureSection
                isSigned={signature.isSigned}
                verification={verification}
                isOwnEntry={isOwnEntry}
                sign={sign}
                signatureBundle={signatureBundle}
              />
            </Section>
          )}
          <Section id={`${prefix}-additional`} title="Additional Data">
            <AdditionalData originator={shown} />
          </Section>
        </ModalBody>
        <ModalFooter>
          <Button kind="primary" data-modal-primary-focus onClick={onClose}>
            Close
          </Button>
        </ModalFooter>
      </ComposedModal>
    </div>,
    document.body,
  );
}
