import { Button, ComposedModal, InlineLoading, ModalBody, ModalFooter, ModalHeader } from '@carbon/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { keepFocusOnPress } from '../lib/modal-press';
import { useModalFocus } from './modal-focus';
import '../styles/carbon/modal.scss';

/**
 * Escapes pressed while a date picker's calendar was open in a dialog: they are the calendar's. Carbon's
 * dialog listens for Escape on the document, after the date picker has already closed its calendar,
 * and would close the whole dialog (and what was typed in it) with it. Noted on the way down (capture),
 * while the calendar is still open.
 */
const calendarEscapes = new WeakSet<Event>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'keydown',
    (event) => {
      // The calendar hangs off <body>, not inside the dialog.
      if (event.key === 'Escape' && document.querySelector('.flatpickr-calendar.open')) {
        calendarEscapes.add(event);
      }
    },
    true,
  );
}

/** Modal defaults of spec 9. */
export const MODAL_DEFAULTS = {
  size: 'lg',
  primaryButtonText: 'Confirm',
  secondaryButtonText: 'Cancel',
} as const;

export interface AppModalProps {
  open: boolean;
  title: string;
  /** Small text above the title. */
  label?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  primaryButtonText?: string;
  /** null: no secondary action (a dialog whose work is done, with one way out). */
  secondaryButtonText?: string | null;
  /** While true, the primary action shows progress and cannot be triggered, and the modal stays open. */
  loading?: boolean;
  loadingDescription?: string;
  primaryButtonDisabled?: boolean;
  secondaryButtonDisabled?: boolean;
  danger?: boolean;
  /**
   * Keep the modal open when the backdrop is clicked. On by default: Carbon's guidance is that modals
   * with actions (transactional modals) are not dismissed by a click outside.
   */
  preventCloseOnClickOutside?: boolean;
  onSubmit: () => void;
  /** Escape, the close icon or the secondary button; returning false keeps the dialog open. */
  onClose: () => void | boolean;
  children?: ReactNode;
}

/**
 * Carbon's ComposedModal with the product's defaults, a loading state that blocks the primary action
 * (no double submit, no closing mid-request), and separately disableable primary and secondary buttons.
 *
 * Focus: on opening, the first field, else the primary action. A danger dialog (delete, disable, revoke)
 * focuses its secondary action (Cancel) instead, as WAI-ARIA APG and Carbon advise for destructive
 * confirmations: Enter or Space pressed on the way in cannot destroy anything, and the destructive
 * action is one Tab away (Carbon's ComposedModal does this for `danger`). On closing, focus goes back
 * to the element that opened the dialog (see useModalFocus).
 */
export function AppModal({
  open,
  title,
  label,
  size = MODAL_DEFAULTS.size,
  primaryButtonText = MODAL_DEFAULTS.primaryButtonText,
  secondaryButtonText = MODAL_DEFAULTS.secondaryButtonText,
  loading = false,
  loadingDescription = 'Working...',
  primaryButtonDisabled = false,
  secondaryButtonDisabled = false,
  danger = false,
  preventCloseOnClickOutside = true,
  onSubmit,
  onClose,
  children,
}: AppModalProps) {
  const focusProps = useModalFocus(open);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const blocked = loading || primaryButtonDisabled;
  const wasBlocked = useRef(blocked);
  // The primary button is disabled while its work runs (a request, a passkey prompt), and a disabled
  // button loses focus to <body>, outside the dialog. A dialog that opens with it disabled (while what
  // it offers loads) and has no field gets Carbon's fallback instead, the close button, whose tooltip
  // takes the first Escape. When the button is enabled again, the dialog stays open and focus is still
  // on one of those (a field with an error, or anything a person moved to, keeps it), it comes back to
  // the primary button.
  useEffect(() => {
    const ended = wasBlocked.current && !blocked;
    wasBlocked.current = blocked;
    if (!ended || !open) return;
    const active = document.activeElement;
    const fallback =
      active === null || active === document.body || active.classList.contains('cds--modal-close');
    if (fallback) primaryRef.current?.focus();
  }, [blocked, open]);
  return (
    <ComposedModal
      open={open}
      {...focusProps}
      // Carbon names the dialog after its small label; the title is what a person reads as its name.
      aria-label={title}
      size={size}
      danger={danger}
      preventCloseOnClickOutside={preventCloseOnClickOutside || loading}
      // Carbon types it as a click; an Escape passes the keyboard event.
      onClose={(event: unknown) => {
        if (loading || (event instanceof Event && calendarEscapes.has(event))) return false;
        return onClose() !== false;
      }}
    >
      <ModalHeader label={label} title={title} />
      <ModalBody onMouseDown={keepFocusOnPress}>{children}</ModalBody>
      <ModalFooter>
        {secondaryButtonText !== null && (
          <Button kind="secondary" disabled={secondaryButtonDisabled || loading} onClick={onClose}>
            {secondaryButtonText}
          </Button>
        )}
        <Button
          ref={primaryRef}
          kind={danger ? 'danger' : 'primary'}
          disabled={primaryButtonDisabled || loading}
          aria-busy={loading}
          data-modal-primary-focus
          onClick={onSubmit}
        >
          {loading ? <InlineLoading description={loadingDescription} /> : primaryButtonText}
        </Button>
      </ModalFooter>
    </ComposedModal>
  );
}
