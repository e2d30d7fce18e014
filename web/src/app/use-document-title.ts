import { useEffect } from 'react';
import { documentTitle, type AppRoute } from './routes';

/** Keeps the browser tab title at "{route title} | Scamtrail". */
export function useDocumentTitle(route: AppRoute) {
  useEffect(() => {
    document.title = documentTitle(route);
  }, [route]);
}
