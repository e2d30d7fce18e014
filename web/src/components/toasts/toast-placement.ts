import { useLayoutEffect, type RefObject } from 'react';

/** The open dialogs (Carbon's Modal and ComposedModal). */
const OPEN_MODALS = '.cds--modal.is-visible';

/** Set on the stack while it sits above a dialog's actions; its distance from the bottom is the variable. */
export const ABOVE_MODAL_FOOTER = 'app-toasts--above-modal-footer';
export const MODAL_FOOTER_OFFSET = '--app-toasts-modal-footer-offset';

/** An open dialog's controls: its header (title, close button, tabs below it) and its footer (actions). */
export interface ModalBoxes {
  header: DOMRect;
  /** The footer, or for a dialog without one, the dialog's own box (its bottom edge is what counts). */
  footer: DOMRect;
}

function intersects(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

/**
 * Where the stack must end, in viewport pixels from the top, so as to cover no dialog's controls: just
 * above the actions of the first open dialog whose header or footer it covers where its styles put it
 * (top-right, the close button; at the bottom of a phone's screen, a full-screen dialog's actions).
 * There it covers the end of the dialog's body, which scrolls, and none of its tabs, which follow the
 * header. Undefined when it covers neither, as beside a small dialog on a wide screen.
 */
export function stackBottomAboveModal(stack: DOMRect, modals: readonly ModalBoxes[]): number | undefined {
  const covered = modals.find(({ header, footer }) => intersects(stack, header) || intersects(stack, footer));
  return covered?.footer.top;
}

function openModalBoxes(): ModalBoxes[] {
  return [...document.querySelectorAll(OPEN_MODALS)].flatMap((modal) => {
    const container = modal.querySelector('.cds--modal-container');
    const header = modal.querySelector('.cds--modal-header');
    if (!container || !header) return [];
    const footer = modal.querySelector('.cds--modal-footer');
    const bottom = container.getBoundingClientRect();
    return [
      {
        header: header.getBoundingClientRect(),
        footer: footer?.getBoundingClientRect() ?? new DOMRect(bottom.left, bottom.bottom, bottom.width, 0),
      },
    ];
  });
}

/**
 * Keeps the toast stack off an open dialog's header and footer, its close button in particular: a toast
 * lasts 3 to 10 seconds, and the way out of the dialog would be under it all that time. While a toast
 * shows, the stack is placed where its styles put it, and moved to just above the actions of a dialog
 * whose controls it would cover there, then placed again as dialogs open, close, finish moving in, or the window
 * resizes. Where it is placed changes nothing else: the live region and its toasts stay as they are.
 */
export function useToastPlacement(stackRef: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const stack = stackRef.current;
    if (!showing || !stack) return;
    const place = () => {
      // Measured where the styles put it, not where the last placement did.
      stack.classList.remove(ABOVE_MODAL_FOOTER);
      const modals = openModalBoxes();
      const bottom = modals.length ? stackBottomAboveModal(stack.getBoundingClientRect(), modals) : undefined;
      if (bottom === undefined) return;
      const offset = document.documentElement.clientHeight - bottom;
      stack.style.setProperty(MODAL_FOOTER_OFFSET, `${Math.ceil(offset)}px`);
      stack.classList.add(ABOVE_MODAL_FOOTER);
    };
    place();
    // A dialog opening or closing changes a class in the document; one sliding in ends a transition.
    // The stack's own class, changed here, is not one of them (a toast added to it is).
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.type !== 'attributes' || record.target !== stack)) place();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['class'] });
    document.addEventListener('transitionend', place, true);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      document.removeEventListener('transitionend', place, true);
      window.removeEventListener('resize', place);
      stack.classList.remove(ABOVE_MODAL_FOOTER);
    };
  }, [stackRef, showing]);
}
