import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/dialog';
import type { ShortfallConfirmProps } from './ShortfallConfirm';

const View = lazy(() => import('./ShortfallConfirm'));

/** The coverage warning where a form's buttons were (decision 098); its code loads on the first refusal. */
export function ShortfallPanel(props: ShortfallConfirmProps) {
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground sm:col-span-2">Checking the site&apos;s cover...</p>}>
      <View {...props} />
    </Suspense>
  );
}

/** The same warning in a dialog of its own, for a change made without a form: a drag, an approval. */
export function ShortfallDialog({ title, description, ...props }: ShortfallConfirmProps & { title: string; description: string }) {
  return (
    <Dialog open onOpenChange={(open) => !open && props.onBack()} title={title} description={description} className="sm:max-w-lg">
      {/* The heading takes focus once the panel's chunk is there: the dialog may open before it. */}
      <ShortfallPanel {...props} takeFocus />
    </Dialog>
  );
}
