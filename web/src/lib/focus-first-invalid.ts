import { useCallback, useEffect, useRef, useState } from 'react';

const FOCUSABLE = 'input, textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * Moves focus to the first field marked invalid inside `container`, in document order. Carbon marks an
 * invalid field with `data-invalid` (on the control, or on the wrapper of a dropdown) or `aria-invalid`.
 */
function focusFirstInvalid(container: ParentNode | null): void {
  const invalid = container?.querySelector<HTMLElement>('[data-invalid="true"], [aria-invalid="true"]');
  const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

/**
 * A form's "go to the first invalid field": attach `formRef` to the element holding the fields and call
 * `focusFirstInvalidField` when a submit found errors; the focus moves once the fields show as invalid.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLDivElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(formRef.current);
  }, [requests]);
  const focusFirstInvalidField = useCallback(() => setRequests((count) => count + 1), []);
  return { formRef, focusFirstInvalidField };
}
