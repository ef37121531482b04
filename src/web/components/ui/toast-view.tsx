import { Toast as T } from 'radix-ui';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { currentToast, dismiss, subscribe, type ToastVariant } from './toast-store';

/** The toast itself, loaded apart from the store (toast.tsx) so no route carries Radix Toast on arrival. */
const styles: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-foreground',
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  info: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  destructive: 'border-destructive-solid bg-destructive-solid text-white',
};

export default function ToastView() {
  const item = useSyncExternalStore(subscribe, currentToast);
  return (
    <T.Provider swipeDirection="right" swipeThreshold={50} duration={5000}>
      {item ? (
        <T.Root
          key={item.id}
          duration={item.duration ?? 5000}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'relative grid gap-1 rounded-md border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
            styles[item.variant ?? 'default'],
          )}
        >
          <T.Title className="text-sm font-semibold">{item.title}</T.Title>
          {item.description ? <T.Description className="text-sm">{item.description}</T.Description> : null}
          <T.Close aria-label="Dismiss notification" className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </T.Close>
        </T.Root>
      ) : null}
      <T.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </T.Provider>
  );
}
