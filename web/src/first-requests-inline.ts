// The page's first step, inlined into index.html by the build (vite.config.ts, inlineFirstRequests)
// and run as the page is parsed, before any module has arrived: it asks for the session and the
// route's data (app/first-requests.ts; the app takes the answers from lib/first-responses.ts), then
// for the code the route runs, and adds the entry module. The document names no script itself, so the
// data's requests are the first to take a connection.
import { firstRequestUrls } from './app/first-requests';
import { matchRouteId } from './app/route-match';
import { sendFirstRequests } from './lib/first-responses';

/**
 * The entry module, and per route of a first visit's usual screens the chunks its first visit runs,
 * largest first ('': any other route); set by the build.
 */
declare const __FIRST_VISIT_CODE__: { entry: string; chunks: Record<string, string[] | undefined> };

sendFirstRequests(firstRequestUrls(new URL(window.location.href)));

const { entry, chunks } = __FIRST_VISIT_CODE__;
for (const href of chunks[matchRouteId(window.location.pathname) ?? ''] ?? chunks[''] ?? []) {
  const link = document.createElement('link');
  // As Vite writes its own preloads: the module is then fetched once, for the preload and the import.
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}
const entryScript = document.createElement('script');
entryScript.type = 'module';
entryScript.crossOrigin = '';
entryScript.src = entry;
document.head.append(entryScript);
