import { lazy, Suspense, useState } from 'react';
import { useFocusReturn } from '../../lib/use-focus-return';
import type { DialogProps } from './dialog-view';

const View = lazy(() => import('./dialog-view'));

/**
 * A modal with a title, an optional description, a body and a footer row of buttons.
 * The Radix view loads when the dialog first opens (decision 047), so a page carries no dialog code until
 * then; the opener is remembered here, before the view mounts, so focus still returns to it.
 */
export function Dialog(props: DialogProps) {
  const onCloseAutoFocus = useFocusReturn(props.open);
  // Once opened, the view stays mounted so Radix can close it (and return focus) as before.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} onCloseAutoFocus={onCloseAutoFocus} />
    </Suspense>
  );
}
