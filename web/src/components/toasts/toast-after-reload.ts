import { isToastKind, type ToastInput } from './toast-types';

const KEY = 'scamtrail.toast-after-reload';

/**
 * Keeps a toast for the page that a reload is about to bring (signing an entry reloads the page, spec
 * 4): without it, the reload would swallow the confirmation. Kept in this tab's session storage only.
 */
export function showToastAfterReload(toast: ToastInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    // Storage refused (private mode, full): the reload then goes without its toast.
  }
}

/** The toast kept for this page load, once: it is forgotten as it is read. */
export function takeToastAfterReload(): ToastInput | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!kept) return null;
    const toast = JSON.parse(kept) as Partial<ToastInput>;
    return typeof toast.title === 'string' && isToastKind(toast.kind) ? (toast as ToastInput) : null;
  } catch {
    return null;
  }
}
