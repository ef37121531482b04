import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';

/*
 * The store lives here, free of Radix, so any page can call toast() without loading the toast's view; the
 * view (Radix Toast, in toast-view.tsx) loads when the app is idle after its first draw, or with the first
 * toast if that comes sooner (decision 047).
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

const loadView = () => import('./toast-view');
const ToastView = lazy(loadView);

export function Toaster() {
  const item = useSyncExternalStore(subscribe, currentToast);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (item) {
      setWanted(true);
      return;
    }
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setWanted(true));
    return () => cancel(handle);
  }, [item, wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
