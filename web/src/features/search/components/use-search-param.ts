import { useCallback } from 'react';
import { useUrlSearchText } from '../../../lib/use-url-search-text';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/** The URL parameter holding the searched text: `/search?q=...`. */
const SEARCH_PARAM = 'q';

/**
 * The searched text, kept in the URL so a search can be shared and Back returns to it. The field writes
 * it 300 ms after the last keystroke, or at once when the form is sent; either replaces the history
 * entry, so Back leaves the page instead of stepping back through what was typed.
 */
export function useSearchParam() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const search = (searchParams.get(SEARCH_PARAM) ?? '').trim();
  const writeSearch = useCallback(
    (text: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(SEARCH_PARAM, text);
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const [text, setText] = useUrlSearchText(search, writeSearch);
  const submit = () => writeSearch(text.trim());
  return { search, text, setText, submit };
}
