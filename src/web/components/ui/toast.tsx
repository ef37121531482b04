import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { currentToast, subscribe } from './toast-store';

/*
 * The store (toast-store.ts) is free of Radix, so any page can call toast() without loading the toast's view;
 * the view (Radix Toast, in toast-view.tsx) loads when the app is idle after its first draw, or with the
 * first toast if that comes sooner (decision 047).
 */
export { toast, toastError, type ToastInput, type ToastVariant } from './toast-store';

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
