import type { MouseEvent } from 'react';

/**
 * Carbon's scrolling modal bodies scroll the newly focused element to their centre. A mouse press on
 * a button or link focuses it on mousedown, the body scrolls, and the mouseup lands elsewhere: the
 * click is lost. Pressing buttons and links with the mouse therefore leaves focus where it is
 * (keyboard focus, and with it Carbon's scrolling, is unchanged). Use as a modal body's onMouseDown.
 */
export function keepFocusOnPress(event: MouseEvent) {
  if (event.button === 0 && (event.target as Element).closest('button, a[href]')) event.preventDefault();
}
