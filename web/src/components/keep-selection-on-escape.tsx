import { ComboBox as CarbonComboBox, type ComboBoxProps } from '@carbon/react';
import { useEffect, useRef, type ReactNode } from 'react';
import './keep-selection-on-escape.scss';

/**
 * Wraps a Carbon `FilterableMultiSelect` or `ComboBox` so that Escape never empties it.
 *
 * Carbon's multi-select clears the whole selection when Escape is pressed in the field while its list is
 * closed, and stops the key, so the dialog around it stays open: a user pressing Escape to leave an edit
 * dialog lost every tag, assignee or member, and Save stored the loss. Carbon's ComboBox blanks its field
 * on that Escape while the form keeps the choice (the currency of a loss, a reporter), and stops the key
 * too. Here that key is stopped before it reaches Carbon's handler (React's listener sits on the root,
 * above this element) and given to the page instead, where Escape closes the dialog as it does from any
 * other field. With the list open, Carbon's own handling stays (the list closes, the filter text is
 * cleared, the page sees the key). Delete still clears the selection, as Carbon announces to screen
 * readers.
 */
export function KeepSelectionOnEscape({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const field = event.target;
      if (event.key !== 'Escape' || !(field instanceof HTMLInputElement)) return;
      if (field.getAttribute('aria-expanded') === 'true') return;
      event.stopPropagation();
      document.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div ref={ref} className="keep-selection-on-escape">
      {children}
    </div>
  );
}

/**
 * The app's combo box: Carbon's ComboBox inside KeepSelectionOnEscape (lint forbids Carbon's own). The
 * multi-select is in keep-selection-on-escape-multi-select.tsx: a list's first visit needs a combo box
 * (its filters) and not Carbon's FilterableMultiSelect.
 */
export function ComboBox<T>(props: ComboBoxProps<T>) {
  return (
    <KeepSelectionOnEscape>
      <CarbonComboBox<T> {...props} />
    </KeepSelectionOnEscape>
  );
}
