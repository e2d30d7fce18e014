import { useEffect, type RefObject } from 'react';

/**
 * Closes the open side navigation (an overlay below the lg breakpoint) on Escape pressed on its menu
 * button, inside it, or with nothing focused, and gives focus back to the menu button. Carbon's SideNav
 * hears Escape only inside itself, leaves closing a controlled nav to its parent and then follows its
 * `href` (the skip target), so the key is handled here on its way down (capture) and kept from Carbon.
 * Escape pressed elsewhere (a header panel, a dialog) belongs to that element.
 */
export function useSideNavDismiss(
  isOpen: boolean,
  close: () => void,
  menuButton: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      const { target } = event;
      const isForNav =
        target === document.body ||
        target === menuButton.current ||
        (target instanceof Element && target.closest('.cds--side-nav') !== null);
      if (!isForNav) return;
      event.stopPropagation();
      close();
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [isOpen, close, menuButton]);
}
