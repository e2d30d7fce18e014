import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigation } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value';

/**
 * The text of a list's search box whose search lives in the URL. Typing updates the box at once and
 * writes the trimmed text to the URL (through `writeSearch`, which must be stable) 300 ms after the last
 * keystroke; a search changed from outside (Back, a shared link, Clear filters, the header search)
 * replaces the text, while the echo of what the box wrote itself never overwrites newer typing.
 *
 * While the reader is on their way to another page (a link followed within 300 ms of typing, whose
 * screen's code is still loading), the write waits: a navigation started then would cancel theirs.
 * Should the list still be shown when that navigation ends (another took its place), it is written then.
 *
 * The write also waits while the router is ahead of what is shown (a filter or page size changed since,
 * whose navigation or render has not finished): a `writeSearch` built on the URL of the last render, as
 * React Router's own setSearchParams is, would undo that change. The lists' writers build on the router's
 * latest URL (useLiveSearchParams); the wait keeps this hook right for any other.
 */
export function useUrlSearchText(urlSearch: string, writeSearch: (search: string) => void) {
  const [searchText, setSearchText] = useState(urlSearch);
  const written = useRef<string | null>(null);
  const navigation = useNavigation();
  const { pathname, search: shownSearch } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  useEffect(() => {
    if (written.current === urlSearch) {
      written.current = null;
      return;
    }
    setSearchText(urlSearch);
  }, [urlSearch]);

  useEffect(() => {
    const next = searchText.trim();
    if (next === urlSearch) return;
    const timer = setTimeout(() => {
      // The router's own state is current; the render's may lag it. Once the list shows where the router
      // went, this effect runs again (the shown URL or the navigation's state changed) and writes.
      const live = router?.state;
      if (
        live &&
        (live.navigation.state !== 'idle' ||
          live.location.pathname !== pathname ||
          live.location.search !== shownSearch)
      ) {
        return;
      }
      written.current = next;
      writeSearch(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, urlSearch, writeSearch, router, pathname, shownSearch, navigation.state]);

  return [searchText, setSearchText] as const;
}
