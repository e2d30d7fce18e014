// Entry point. Zod is configured here, and the app is loaded only afterwards through a dynamic import:
// bundling may place shared schemas in chunks that run before this module's own code, but never
// before a dynamic import it starts.
import './lib/zod-config';
import './styles/index.scss';
import { preloadRouteScreen } from './app/route-preload';
import { startFocusMemory } from './lib/focus-memory';

// Before any screen or dialog code loads: a dialog returns focus to what opened it (lib/focus-memory.ts).
startFocusMemory();

void import('./bootstrap');
// The screen the URL names loads beside the app, not after the router has started.
preloadRouteScreen(window.location.pathname);
