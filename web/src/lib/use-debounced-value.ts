import { useEffect, useState } from 'react';

/** Search debounce of spec 9. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
