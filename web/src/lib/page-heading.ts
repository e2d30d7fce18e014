/** The page's main heading, the first `h1` of the main content. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main-content h1, main h1');
}

/**
 * Puts focus on the page's heading, made focusable for it (not tabbable); true when focus is there
 * afterwards.
 */
export function focusPageHeading(options?: FocusOptions, heading = pageHeading()): boolean {
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus(options);
  return document.activeElement === heading;
}
