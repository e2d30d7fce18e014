import { lazy } from 'react';
import { preload } from '../../../lib/preload';

// The list's dialogs load apart from the list: their forms, the phone-number metadata and the tag picker
// are most of the screen's code, and showing the list needs none of them. preloadIdentifierDialogs
// fetches them once the list is on screen, so opening a dialog does not wait for the network.
const load = {
  create: () => import('./create-identifier-modal'),
  import: () => import('./import-identifiers-modal'),
  edit: () => import('./edit-identifier-modal'),
  delete: () => import('./delete-identifier-modal'),
  detail: () => import('./identifier-detail-modal'),
};

export function preloadIdentifierDialogs(): void {
  preload(...Object.values(load));
}

/** The detail alone, for screens that open no other of these dialogs (the validation queue). */
export function preloadIdentifierDetail(): void {
  preload(load.detail);
}

export const CreateIdentifierModal = lazy(() =>
  load.create().then((module) => ({ default: module.CreateIdentifierModal })),
);
export const ImportIdentifiersModal = lazy(() =>
  load.import().then((module) => ({ default: module.ImportIdentifiersModal })),
);
export const EditIdentifierModal = lazy(() =>
  load.edit().then((module) => ({ default: module.EditIdentifierModal })),
);
export const DeleteIdentifierModal = lazy(() =>
  load.delete().then((module) => ({ default: module.DeleteIdentifierModal })),
);
export const IdentifierDetailModal = lazy(() =>
  load.detail().then((module) => ({ default: module.IdentifierDetailModal })),
);
