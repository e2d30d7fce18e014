import type { MouseEvent } from 'react';

/**
 * Carbon's scrolling modal bodies scroll the newly focused element to their centre (ComposedModal does
 * it on every focus change inside the dialog). A mouse press focuses what it lands on at mousedown; when
 * the body then scrolls, the mouseup lands elsewhere and the click is lost. So a mouse press keeps the
 * body where it is: a button or link leaves focus where it is, and a field takes focus (and its caret)
 * as usual with the body's scroll put back at once, before anything is drawn. A combo box or
 * multi-select opens its list on that click: in the middle of a tall dialog (the case's currency and
 * assignees) a first click used to move the field away and open nothing, while the fields at its top
 * and bottom, which centring cannot move, opened. Keyboard focus, and with it Carbon's scrolling, is
 * unchanged. Use as a modal body's onMouseDown (or that of an element inside it).
 */
export function keepFocusOnPress(event: MouseEvent) {
  if (event.button !== 0 || !(event.target instanceof Element)) return;
  if (event.target.closest('button, a[href]')) {
    event.preventDefault();
    return;
  }
  const body = event.target.closest('.cds--modal-content');
  if (!body) return;
  const top = body.scrollTop;
  const keepPlace = () => {
    body.scrollTop = top;
  };
  // Focus moves as the press's default action, in this task, after Carbon's blur handler has scrolled.
  body.addEventListener('focusin', keepPlace, { once: true });
  // A press that moves no focus leaves no listener for a later Tab, whose centring stays.
  setTimeout(() => body.removeEventListener('focusin', keepPlace), 0);
}
