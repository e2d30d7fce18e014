import { useEffect } from 'react';

/**
 * Closes an open header panel on Escape or on a pointer press outside the panels and header buttons.
 * Carbon's own focus listeners reopen a panel when its toggle button is pressed, so we handle it here.
 */
export function usePanelDismiss(isOpen: boolean, close: () => void) {
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (target.closest('.cds--header-panel') || target.closest('.cds--header__action')) return;
      close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') close();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen, close]);
}
