import { useEffect } from 'react';

/**
 * Closes an open header panel on Escape or on a pointer press outside the panels and header buttons.
 * Carbon's own focus listeners reopen a panel when its toggle button is pressed, so we handle it here.
 * Escape is heard on its way down (capture): Carbon's search field stops it from bubbling, so the
 * search panel would otherwise stay open with focus in it. Escape also gives focus back to the panel's
 * button (`toggle`), since the panel's own field, which held it, goes away.
 */
export function usePanelDismiss(isOpen: boolean, close: () => void, toggle: () => HTMLElement | null) {
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target.closest('.cds--header-panel') || target.closest('.cds--header__action')) return;
      close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // The panel handles it: the search field, which would clear its text and take focus back, never sees it.
      if (event.target instanceof Element && event.target.closest('.cds--header-panel'))
        event.stopPropagation();
      const button = toggle();
      close();
      button?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [isOpen, close, toggle]);
}
