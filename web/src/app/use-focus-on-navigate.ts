import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading, pageHeading } from '../lib/page-heading';

/** Where a page that puts focus on arrival puts it (a sign-in form's field, say): left there. */
const FIELD = 'input, select, textarea, [role="combobox"], [contenteditable="true"]';

/**
 * Keeps focus on the new page's heading while the page arrives: a lazy screen's code, then its record
 * (a detail page's skeleton heading is replaced by the loaded one). Focus is moved whenever it is on
 * nothing, still on what had it when the page changed (a link of the side navigation, say), or outside
 * the main content; never away from a field the page focused itself. It stops as soon as the person
 * acts (focus moves elsewhere, or a press), and when the page changes again.
 */
function keepFocusOnHeading(): () => void {
  const main = document.getElementById('main-content');
  const leftBehind = document.activeElement;

  function place() {
    const active = document.activeElement;
    const heading = pageHeading();
    if (!heading || active === heading) return;
    // A dialog the new page opened on arrival (an ?open= link) keeps the focus it took.
    if (active?.closest('.cds--modal.is-visible')) return;
    if (active instanceof HTMLElement && main?.contains(active) && active.matches(FIELD)) return;
    const lost = !active || active === document.body || active === leftBehind || !main?.contains(active);
    if (lost) focusPageHeading({ preventScroll: true }, heading);
  }

  const observer = new MutationObserver(place);
  function stopOnFocusElsewhere(event: FocusEvent) {
    if (event.target !== pageHeading()) stop();
  }
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', stopOnFocusElsewhere, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', stopOnFocusElsewhere, true);
  document.addEventListener('pointerdown', stop, true);
  place();
  return stop;
}

/**
 * After a move to another page, focus goes to its heading: a keyboard user goes on from the top of the
 * new page rather than from the start of the document (or from a link of the page that is gone), and a
 * screen reader reads where they are. A change of the query or hash alone (a filter, a page of a list,
 * a tab, the skip link) keeps focus where it is, and so does the first page shown.
 */
export function useFocusOnNavigate(ready: boolean) {
  const { pathname } = useLocation();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    const previous = shownPath.current;
    shownPath.current = pathname;
    if (previous === null || previous === pathname) return;
    return keepFocusOnHeading();
  }, [pathname, ready]);
}
