import type { KeyboardEvent } from 'react';

/** Single-line fields in which Enter sends the form, as it does in a page's <form>. */
const SUBMITTING_TYPES = new Set(['text', 'email', 'number', 'password', 'url', 'search', 'tel']);

/**
 * Whether Enter pressed here means "send": in a single-line field, not in a text area (a new line), a
 * combobox or a date field (Enter picks an option or a day there), nor while composing text (an IME).
 */
function isSubmitKey(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  const field = event.target;
  return (
    field instanceof HTMLInputElement &&
    SUBMITTING_TYPES.has(field.type) &&
    field.getAttribute('role') !== 'combobox' &&
    !field.closest('.cds--date-picker, .cds--list-box')
  );
}

/**
 * A keydown handler for the element around a dialog's fields: Enter in a single-line field sends the
 * form (`submit`, what its primary action does), unless `blocked` (saving, or the action disabled).
 * A page's <form> does this by itself only when it has a submit button or a single field; a dialog's
 * action is outside its fields.
 */
export function submitOnEnter(submit: () => void, blocked = false) {
  return (event: KeyboardEvent) => {
    if (blocked || !isSubmitKey(event)) return;
    event.preventDefault();
    submit();
  };
}
