import { Button, ComposedModal, ModalBody, ModalFooter, ModalHeader } from '@carbon/react';
import type { ReactNode } from 'react';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import { useModalFocus } from '../../../components/modal-focus';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { EventsPreview } from './events-preview';
import { ExportStreamDetails } from './export-stream-details';
import { HowToRead } from './how-to-read';
import '../../../styles/carbon/modal.scss';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="export-stream-detail__section" aria-labelledby={`export-stream-detail-${id}`}>
      <h3 id={`export-stream-detail-${id}`} className="export-stream-detail__section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * A stream's details, how a system reads it, and a preview of its events. Read-only: focus starts on its
 * content, and goes back to the name that opened it on closing.
 */
export function ExportStreamDetailModal({ stream, onClose }: { stream: ExportStream; onClose: () => void }) {
  const focusProps = useModalFocus(true, 'action');
  return (
    <ComposedModal
      open
      size="md"
      className="export-stream-detail"
      onClose={onClose}
      aria-label={stream.name}
      {...focusProps}
    >
      <ModalHeader label="Export stream" title={stream.name} />
      <ModalBody hasScrollingContent aria-label={stream.name} onMouseDown={keepFocusOnPress}>
        <Section id="details" title="Details">
          <ExportStreamDetails stream={stream} />
        </Section>
        <Section id="reading" title="How to read it">
          <HowToRead stream={stream} />
        </Section>
        <Section id="preview" title="Preview">
          <EventsPreview streamId={stream.id} />
        </Section>
      </ModalBody>
      <ModalFooter>
        <Button kind="primary" data-modal-primary-focus onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </ComposedModal>
  );
}
