/**
 * Remembers the last element focused outside a menu, from the moment the app starts, so that a dialog
 * can give focus back to what opened it (see components/modal-focus.ts).
 *
 * It must start with the app, not with the first dialog's code: dialogs load lazily, and a person may
 * press a row's menu button before that code has arrived. A tracker installed afterwards would have
 * missed the press, and focus would go to the page heading when the dialog closes.
 */

/** Floating menus: their items vanish as a dialog opens, so they are never what a dialog returns to. */
export const MENU_SELECTOR = '[role="menu"], .cds--overflow-menu-options';

/**
 * The last element focused outside a menu. A dialog opened from a menu item mounts as the menu closes,
 * so the item is already gone (focus is on <body>); the menu's trigger, focused before it, is the opener.
 */
let lastFocused: HTMLElement | null = null;

function rememberFocus(event: FocusEvent) {
  if (event.target instanceof HTMLElement && !event.target.closest(MENU_SELECTOR)) lastFocused = event.target;
}

function forgetOnBlurToNothing(event: FocusEvent) {
  // A press on something that takes no focus: what had it is no longer what the person acted on. (Not a
  // menu item losing focus as its menu closes: the trigger focused before it stays the one to remember.)
  if (event.target === lastFocused && event.relatedTarget === null && document.hasFocus()) lastFocused = null;
}

let started = false;

/** Starts remembering focus; the app's entry calls it first thing. Calling it again does nothing. */
export function startFocusMemory(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  document.addEventListener('focusin', rememberFocus, true);
  document.addEventListener('focusout', forgetOnBlurToNothing, true);
}

/** The last element focused outside a menu, if focus has not since gone to nothing. */
export function rememberedFocus(): HTMLElement | null {
  return lastFocused;
}
