import { lazy, Suspense, useState } from 'react';
import { useFocusReturn } from '../../../lib/use-focus-return';
import type { MaintenanceConfirmProps } from './maintenance-confirm-view';

const View = lazy(() => import('./maintenance-confirm-view'));

/**
 * The confirmation of a maintenance run with its preview. Its Radix view loads when it first opens
 * (decision 047); the opener is remembered here so focus returns to "Run Maintenance Now".
 */
export function MaintenanceConfirm(props: MaintenanceConfirmProps) {
  const onCloseAutoFocus = useFocusReturn(props.open);
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <View {...props} onCloseAutoFocus={onCloseAutoFocus} />
    </Suspense>
  );
}
