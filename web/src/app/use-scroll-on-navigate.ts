import { useEffect } from 'react';
import { useLocation } from 'react-router';

function scrollBehavior(): ScrollBehavior {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return reduceMotion ? 'auto' : 'smooth';
}

/**
 * On every navigation, scrolls smoothly to the element named by the hash, or to the top (spec 2.1).
 * `ready` holds the scroll until the page content is rendered.
 */
export function useScrollOnNavigate(ready: boolean) {
  const { key, hash } = useLocation();

  useEffect(() => {
    if (!ready) return;
    const behavior = scrollBehavior();
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior, block: 'start' });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [key, hash, ready]);
}
