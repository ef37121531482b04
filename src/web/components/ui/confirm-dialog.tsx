import { lazy, Suspense, useCallback, useState } from 'react';
import { useFocusReturn } from '../../lib/use-focus-return';
import type { ConfirmDialogProps } from './confirm-dialog-view';

const View = lazy(() => import('./confirm-dialog-view'));

/**
 * The generic confirm dialog of spec §2: title, description, confirm and cancel text, optional destructive style.
 * The Radix view loads when the dialog first opens (decision 047), so a page carries no dialog code until
 * then; the opener is remembered here, before the view mounts, so focus still returns to it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const returnToOpener = useFocusReturn(props.open);
  const { returnFocus } = props;
  const onCloseAutoFocus = useCallback(
    (event: Event) => {
      returnToOpener(event);
      returnFocus?.()?.focus();
    },
    [returnToOpener, returnFocus],
  );
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
