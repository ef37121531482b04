import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/domain/defaults';

/**
 * Each screen names itself in the browser tab and to screen readers: "Employee Management – Hoursight".
 * Undefined leaves the title to a screen inside (a wrapper's effect runs after its children's).
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = `${title} – ${PRODUCT_NAME}`;
  }, [title]);
}
