import { lazy } from 'react';
import { preload } from '../../../../lib/preload';

// The dialogs load apart from the timeline: their forms, pickers and the identifier detection are
// most of its code, and showing the journal needs none of them. preloadTimelineDialogs fetches
// them once the journal is on screen, so opening one does not wait for the network.
const load = {
  entry: () => import('./entry-dialog'),
  remove: () => import('./remove-entry-dialog'),
  sign: () => import('./sign-entry-dialog'),
};

export function preloadTimelineDialogs(): void {
  preload(...Object.values(load));
}

export const EntryDialog = lazy(() => load.entry().then((module) => ({ default: module.EntryDialog })));
export const RemoveEntryDialog = lazy(() =>
  load.remove().then((module) => ({ default: module.RemoveEntryDialog })),
);
export const SignEntryDialog = lazy(() =>
  load.sign().then((module) => ({ default: module.SignEntryDialog })),
);
