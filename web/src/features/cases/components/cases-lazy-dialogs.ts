import { lazy } from 'react';
import { preload } from '../../../lib/preload';

// The case dialog loads apart from the list: its form brings the schemas (zod) and the pickers, and
// showing the list needs none of them. preloadCaseDialogs fetches it once the list is on screen.
const loadForm = () => import('./case-form-modal');
// Linking cases is occasional: its dialog loads once someone who may link opens a case.
const loadLinkCase = () => import('./link-case-modal');
// Changing several cases at once is occasional too: its dialog loads when it is opened.
const loadBulk = () => import('./cases-bulk-modal');
const loadTask = () => import('./case-task-modal');

export function preloadCaseDialogs(): void {
  preload(loadForm);
}

export function preloadLinkCaseDialog(): void {
  preload(loadLinkCase);
}

export const LazyCaseFormModal = lazy(() => loadForm().then((module) => ({ default: module.CaseFormModal })));

export const LazyLinkCaseModal = lazy(() =>
  loadLinkCase().then((module) => ({ default: module.LinkCaseModal })),
);

export const LazyCasesBulkModal = lazy(() =>
  loadBulk().then((module) => ({ default: module.CasesBulkModal })),
);

export const LazyCaseTaskModal = lazy(() => loadTask().then((module) => ({ default: module.CaseTaskModal })));
