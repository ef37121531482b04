import { createContext, useContext } from 'react';

/** The site switch every screen may ask for (the header's switcher, a shared link of another site: decision 115). */
export interface SiteSwitchState {
  switching: boolean;
  switchSite: (siteId: number) => Promise<void>;
}

/** Provided by `features/sites/site-switch.tsx`'s SiteSwitchProvider; here so any feature may read it. */
export const SiteSwitchContext = createContext<SiteSwitchState | null>(null);

export function useSiteSwitch(): SiteSwitchState {
  const ctx = useContext(SiteSwitchContext);
  if (!ctx) throw new Error('useSiteSwitch outside SiteSwitchProvider');
  return ctx;
}
