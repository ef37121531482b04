/*
 * The toasts' store: the Toaster (toast.tsx) and the lazily loaded view (toast-view.tsx) both read it, so
 * it sits below them and the view does not import the module that loads it (decisions 047 and 072).
 */
export type ToastVariant = 'default' | 'success' | 'info' | 'destructive';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 5000 by default (spec §9). */
  duration?: number;
}
interface ToastItem extends ToastInput {
  id: number;
}

// Spec §4: at most one toast at a time; a new one replaces the old.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const currentToast = () => current;

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}
/** The spec's error toasts: title "Error", destructive. */
export const toastError = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

export function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
