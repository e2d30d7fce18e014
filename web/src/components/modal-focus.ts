import { useLayoutEffect } from 'react';
import { MENU_SELECTOR, rememberedFocus, startFocusMemory } from '../lib/focus-memory';
import { focusPageHeading } from '../lib/page-heading';

const notInert = ':not([disabled]):not([tabindex="-1"])';
const FIELDS = [
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="combobox"]',
  '[role="switch"]',
  // A read-only value meant to be copied, e.g. a new API key.
  '[role="textbox"]',
  '.cds--file__drop-container',
];

/**
 * Where a dialog with actions puts focus when it opens (Carbon's `selectorPrimaryFocus`): its first
 * field, else its primary action (marked `data-modal-primary-focus`). Never the close button: its
 * tooltip opens on focus and takes the first Escape for itself. Danger dialogs ignore this selector:
 * Carbon focuses their secondary (Cancel) button, see AppModal.
 */
const FIRST_FIELD_FOCUS = [...FIELDS, '[data-modal-primary-focus]']
  .map((selector) => `${selector}${notInert}`)
  .join(', ');

/**
 * Where a read-only dialog (details) puts focus: its primary action, Close, as Carbon advises for a
 * dialog with buttons. Not its whole scrolling content, which drew a ring round the dialog's body and
 * made a screen reader read all of it at once; the content stays at its top, one Tab from the close
 * button. Not the close button either (see above).
 */
const ACTION_FOCUS = `[data-modal-primary-focus]${notInert}`;

// Dialogs rendered without the app's entry (tests, a screen mounted on its own) still remember focus.
startFocusMemory();

function findOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(MENU_SELECTOR))
    return active;
  return rememberedFocus();
}

/** A list or section, whose heading is the nearest place to go back to when a control in it is gone. */
const SECTION = '.cds--data-table-container, section, [role="region"]';
const SECTION_HEADING = 'h2, h3, h4, h5, h6';

/**
 * The heading of the nearest list or section around `element` that has one: a table without a title
 * of its own (the profile's passkeys) is headed by its section's heading.
 */
function sectionHeading(element: HTMLElement | null): HTMLElement | null {
  for (let around = element?.closest(SECTION); around; around = around.parentElement?.closest(SECTION)) {
    const heading = around.querySelector<HTMLElement>(SECTION_HEADING);
    if (heading) return heading;
  }
  return null;
}

/**
 * Where focus goes when the opener is gone: the heading of the list or section it was in (a removed
 * row's table), if that is still there, else the page's heading, else the main content. Headings are
 * made focusable for it, not tabbable.
 */
function focusFallback(near: HTMLElement | null) {
  if (near?.isConnected && focusPageHeading(undefined, near)) return;
  if (focusPageHeading()) return;
  document.querySelector<HTMLElement>('#main-content, main')?.focus();
}

let stopWatching: (() => void) | null = null;

/**
 * Keeps focus off <body> when the opener it was returned to disappears afterwards, e.g. the menu of a
 * row that is removed once the list refreshes after a delete. Stops as soon as focus moves on.
 */
function watchForRemoval(element: HTMLElement, near: HTMLElement | null) {
  stopWatching?.();
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body) focusFallback(near);
  });
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', stop, true);
    if (stopWatching === stop) stopWatching = null;
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', stop, true);
  stopWatching = stop;
}

/**
 * Gives focus back to `opener` (a dialog's, or a menu's button after an item that acts at once), or,
 * when it is gone or goes once the page refreshes, to the heading of its list (`near`, found while the
 * opener was still in the page) or of the page.
 */
export function returnFocus(opener: HTMLElement | null, near = sectionHeading(opener)) {
  if (opener?.isConnected) opener.focus();
  if (opener && document.activeElement === opener) watchForRemoval(opener, near);
  else focusFallback(near);
}

/** Dialogs stacked on this one: a press there is not a press outside this one. */
const STACKED_DIALOGS = ['.cds--modal'];

/**
 * Focus handling for a Carbon ComposedModal; spread the answer on it. Initial focus (see FIRST_FIELD_FOCUS
 * and ACTION_FOCUS), a dialog opened on top of this one may take focus, and focus goes back to the
 * opener on closing (see useModalFocusReturn).
 */
export function useModalFocus(open: boolean, initialFocus: 'first-field' | 'action' = 'first-field') {
  useModalFocusReturn(open);
  return {
    selectorPrimaryFocus: initialFocus === 'action' ? ACTION_FOCUS : FIRST_FIELD_FOCUS,
    selectorsFloatingMenus: STACKED_DIALOGS,
  };
}

/**
 * Gives focus back to the element that opened a dialog when it closes, however it closes (Cancel,
 * Escape, the close button, a successful submit, or being unmounted), or to the heading of its list or
 * of the page when that element is gone; never to <body>.
 *
 * The opener is read in a layout effect, before Carbon moves focus into the dialog (a passive effect),
 * and focus is returned in the layout cleanup, while the dialog is still in the document: a dialog
 * opening in the same render (e.g. Edit from a details dialog) then takes over the same opener.
 */
function useModalFocusReturn(open: boolean) {
  useLayoutEffect(() => {
    if (!open) return;
    const opener = findOpener();
    // Found now: once a removed row's menu button is gone, so is the way to its table.
    const near = sectionHeading(opener);
    return () => returnFocus(opener, near);
  }, [open]);
}
