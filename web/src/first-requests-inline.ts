// The page's first step, inlined into index.html by the build (vite.config.ts, inlineFirstRequests)
// and run as the page is parsed, before any module has arrived: it asks for the session and the
// route's data (app/first-requests.ts; the app takes the answers from lib/first-responses.ts), and
// for the code of the route's screen, which the app would otherwise ask for only once its entry ran.
import { firstRequestUrls } from './app/first-requests';
import { matchRouteId } from './app/route-match';
import { sendFirstRequests } from './lib/first-responses';

/** Per route of a first visit's usual screens, its chunks beyond the app's (set by the build). */
declare const __FIRST_VISIT_SCREENS__: Record<string, string[] | undefined>;

sendFirstRequests(firstRequestUrls(new URL(window.location.href)));

for (const href of __FIRST_VISIT_SCREENS__[matchRouteId(window.location.pathname) ?? ''] ?? []) {
  const link = document.createElement('link');
  // As Vite writes its own preloads: the module is then fetched once, for the preload and the import.
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
