// Entry point. Zod is configured first: the build runs modules in their source order whatever chunk
// holds them (strictExecutionOrder in vite.config.ts), and the app is loaded afterwards through a
// dynamic import.
import './lib/zod-config';
import './styles/index.scss';
import { createQueryClient } from './app/providers';
import { prefetchRouteData, preloadRouteScreen } from './app/route-preload';
import { discardFirstResponses } from './lib/first-responses';
import { startFocusMemory } from './lib/focus-memory';
import { currentUserQueryOptions } from './lib/session';

// Before any screen or dialog code loads: a dialog returns focus to what opened it (lib/focus-memory.ts).
startFocusMemory();

// The session decides what every screen shows, and the route's data waits for it: both are asked for
// now, while the app and the screen load, not once the app has started (issue 38). index.html sent
// both requests before any module arrived (app/first-requests.ts): the API client takes their
// answers, and what the app did not ask for (data the session does not let the visitor see) is
// dropped once the route's data has been asked for.
const queryClient = createQueryClient();
void Promise.allSettled([
  queryClient.prefetchQuery(currentUserQueryOptions),
  prefetchRouteData(queryClient, new URL(window.location.href)),
]).then(discardFirstResponses);

void import('./bootstrap').then(({ startApp }) => startApp(queryClient));
// The screen the URL names loads beside the app, not after the router has started.
preloadRouteScreen(window.location.pathname);
