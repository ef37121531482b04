import { createContext, useContext, type AnchorHTMLAttributes } from 'react';
import type { TMeResponse } from '../../shared/contracts/auth';
import { isPlainLeftClick } from './plain-click';

/**
 * What a signed-out page needs from whichever router shows it: the entry's own (app/signed-out) when the
 * browser arrives at the page, react-router when the full app is already running (decision 050). The pages
 * import neither router.
 */
export interface SignedOutNav {
  pathname: string;
  search: string;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** After a sign-in: on to the calendar with the session the server answered; settles once it is drawn or on its way. */
  signedIn: (me: TMeResponse) => Promise<void>;
  /** Someone is filling in the sign-in form: fetch what a sign-in leads to (the calendar's code) meanwhile. */
  prefetchSignedIn: () => void;
}

export const SignedOutNavContext = createContext<SignedOutNav | null>(null);

export function useSignedOutNav(): SignedOutNav {
  const nav = useContext(SignedOutNavContext);
  if (!nav) throw new Error('useSignedOutNav outside a signed-out page');
  return nav;
}

type PageLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** A real anchor: a plain click stays in the page, ctrl/meta/shift/middle click and "open in new tab" work as on any link. */
export function PageLink({ to, onClick, ...rest }: PageLinkProps) {
  const nav = useSignedOutNav();
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainLeftClick(e, e.currentTarget.target)) return;
        e.preventDefault();
        nav.navigate(to);
      }}
    />
  );
}
