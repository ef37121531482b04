import { Toast as T } from 'radix-ui';
import { X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { currentToast, dismiss, subscribe, type ToastVariant } from './toast-store';

/** The toast itself, loaded apart from the store (toast.tsx) so no route carries Radix Toast on arrival. */
const styles: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-foreground',
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  info: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  destructive: 'border-destructive-solid bg-destructive-solid text-white',
};

/**
 * What a screen reader hears (decision 079): an error interrupts (role=alert, assertive), anything else waits its
 * turn (role=status, polite). Radix's own announcer is one role=status for both, so it is sent to a detached
 * fragment and this one speaks instead. Like Radix's, it says "Notification" first, so the interruption is
 * known for a toast; the region is added empty, filled a frame later (a region born with its text is often
 * not read) and removed after a second, so the text is not on the page twice while the toast shows.
 */
function Announcer({ text, urgent }: { text: string; urgent: boolean }) {
  const [phase, setPhase] = useState<'empty' | 'said' | 'done'>('empty');
  useEffect(() => {
    const fill = window.setTimeout(() => setPhase('said'), 16);
    const end = window.setTimeout(() => setPhase('done'), 1000);
    return () => {
      window.clearTimeout(fill);
      window.clearTimeout(end);
    };
  }, []);
  if (phase === 'done') return null;
  return createPortal(
    <div role={urgent ? 'alert' : 'status'} aria-live={urgent ? 'assertive' : 'polite'} aria-atomic="true" className="sr-only">
      {phase === 'said' ? text : null}
    </div>,
    document.body,
  );
}

export default function ToastView() {
  const item = useSyncExternalStore(subscribe, currentToast);
  const [silenced] = useState(() => document.createDocumentFragment());
  return (
    <T.Provider swipeDirection="right" swipeThreshold={50} duration={5000} announcerContainer={silenced}>
      {item ? (
        <Announcer
          key={item.id}
          text={`Notification: ${item.title}${item.description ? `. ${item.description}` : ''}`}
          urgent={item.variant === 'destructive'}
        />
      ) : null}
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
