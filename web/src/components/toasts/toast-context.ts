import { createContext, useContext } from 'react';
import type { ToastInput, ToastRecord } from './toast-types';

export interface ToastApi {
  /** Shows a toast and returns its id. */
  showToast: (toast: ToastInput) => string;
  dismissToast: (id: string) => void;
}

export interface ToastHistoryApi {
  /** Toasts shown during this session, newest first. */
  history: readonly ToastRecord[];
  clearHistory: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
export const ToastHistoryContext = createContext<ToastHistoryApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

export function useToastHistory(): ToastHistoryApi {
  const api = useContext(ToastHistoryContext);
  if (!api) throw new Error('useToastHistory must be used inside ToastProvider');
  return api;
}
