import { lazy } from 'react';
import { preload } from '../../../lib/preload';

// The dialogs load apart from the list: their forms and schemas are most of the panel's code, and showing
// the list needs none of them. preloadEvidenceDialogs fetches them once the list is on screen.
const load = {
  add: () => import('./add-evidence-modal'),
  detail: () => import('./evidence-detail-modal'),
  edit: () => import('./edit-evidence-modal'),
};

export function preloadEvidenceDialogs(): void {
  preload(...Object.values(load));
}

export const AddEvidenceModal = lazy(() =>
  load.add().then((module) => ({ default: module.AddEvidenceModal })),
);
export const EvidenceDetailModal = lazy(() =>
  load.detail().then((module) => ({ default: module.EvidenceDetailModal })),
);
export const EditEvidenceModal = lazy(() =>
  load.edit().then((module) => ({ default: module.EditEvidenceModal })),
);
