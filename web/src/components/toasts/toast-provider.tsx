import { ToastNotification } from '@carbon/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, ToastHistoryContext, type ToastApi, type ToastHistoryApi } from './toast-context';
import { takeToastAfterReload } from './toast-after-reload';
import { useToastPlacement } from './toast-placement';
import { resolveToastTimeout, type Toast, type ToastInput, type ToastRecord } from './toast-types';

/** How many past toasts the notifications panel keeps. */
export const TOAST_HISTORY_LIMIT = 50;

/**
 * Holds the visible toasts and the session's toast history. The toasts stack top-right, at the bottom
 * of a phone's screen (where they cover no tabs or page header), and just above an open dialog's
 * actions when they would cover its close button or its actions (see useToastPlacement).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [history, setHistory] = useState<ToastRecord[]>([]);
  const nextId = useRef(0);
  const stackRef = useRef<HTMLDivElement>(null);
  useToastPlacement(stackRef, toasts.length > 0);

  const dismissToast = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((input: ToastInput) => {
    nextId.current += 1;
    const toast: Toast = {
      ...input,
      id: `toast-${nextId.current}`,
      timeout: resolveToastTimeout(input.kind, input.timeout),
    };
    setToasts((current) => [...current, toast]);
    setHistory((current) => [{ ...toast, createdAt: new Date() }, ...current].slice(0, TOAST_HISTORY_LIMIT));
    return toast.id;
  }, []);

  const clearHistory = useCallback(() => setHistory([]), []);

  // A toast kept for this page by the action that reloaded it (see showToastAfterReload).
  useEffect(() => {
    const kept = takeToastAfterReload();
    if (kept) showToast(kept);
  }, [showToast]);

  const toastApi = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  const historyApi = useMemo<ToastHistoryApi>(() => ({ history, clearHistory }), [history, clearHistory]);

  return (
    <ToastContext.Provider value={toastApi}>
      <ToastHistoryContext.Provider value={historyApi}>
        {children}
        <div ref={stackRef} className="app-toasts" aria-live="polite">
          {toasts.map((toast) => (
            <ToastNotification
              key={toast.id}
              kind={toast.kind}
              title={toast.title}
              subtitle={toast.subtitle}
              caption={toast.caption}
              timeout={toast.timeout}
              lowContrast={toast.lowContrast}
              role={toast.kind === 'error' ? 'alert' : 'status'}
              onClose={() => {
                dismissToast(toast.id);
                return false;
              }}
            />
          ))}
        </div>
      </ToastHistoryContext.Provider>
    </ToastContext.Provider>
  );
}
