/** The kinds of toast (spec 3), as a list so stored toasts can be checked against it. */
export const TOAST_KINDS = ['success', 'error', 'warning', 'info'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export function isToastKind(value: unknown): value is ToastKind {
  return (TOAST_KINDS as readonly unknown[]).includes(value);
}

/** A toast as spec 3 describes it. */
export interface Toast {
  id: string;
  kind: ToastKind;
  title: string;
  subtitle?: string;
  caption?: string;
  /** Milliseconds before the toast closes itself; 0 keeps it until closed. */
  timeout: number;
  lowContrast?: boolean;
}

/** What a caller passes: the id is assigned and the timeout defaults by kind. */
export type ToastInput = Omit<Toast, 'id' | 'timeout'> & { timeout?: number };

/** A toast as remembered for the notifications panel. */
export interface ToastRecord extends Toast {
  createdAt: Date;
}

/** Default timeouts per kind (spec 9); anything else gets the default. */
export const TOAST_TIMEOUTS = {
  success: 3000,
  error: 10000,
  warning: 5000,
  info: 5000,
  default: 5000,
} as const;

/** The timeout a toast gets: an explicit value (0 = stays open) wins, else the kind's default. */
export function resolveToastTimeout(kind: string, timeout?: number): number {
  if (timeout !== undefined && timeout >= 0) return timeout;
  return kind in TOAST_TIMEOUTS ? TOAST_TIMEOUTS[kind as ToastKind] : TOAST_TIMEOUTS.default;
}
