import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { api } from '../../lib/api';
import { meKey } from '../../lib/query-keys';
import { SiteSwitchContext } from '../../lib/site-switch-context';
import { useMe } from '../../lib/session';
import { sitesKey, useSites } from './api';

/** Spec §4: the switching flag stays on this long after the change ends. */
export const SWITCH_SETTLE_MS = 500;

export { useSiteSwitch } from '../../lib/site-switch-context';

export function SiteSwitchProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useMe();
  const sites = useSites(!!me.data);
  const [switching, setSwitching] = useState(false);
  const restored = useRef(false);

  const switchSite = useCallback(
    async (siteId: number) => {
      const previous = readStored(STORAGE_KEYS.currentSite);
      setSwitching(true);
      try {
        const next = await api('POST /api/switch-site', { body: { siteId } });
        writeStored(STORAGE_KEYS.currentSite, String(siteId));
        qc.setQueryData(meKey, next);
        // Another site's data must never linger: every cached query goes back to empty, except the session
        // and the user's own site list, which the header's switcher draws from (emptying it unmounted the
        // switcher and focus fell to the page); that list is fetched again. Reset, not remove: a screen whose
        // query was in flight would otherwise wait on a query that left the cache and never refetches.
        await qc.resetQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] && q.queryKey[0] !== sitesKey[0] });
        void qc.invalidateQueries({ queryKey: sitesKey });
      } catch (err) {
        console.error('Failed to switch site', err);
        writeStored(STORAGE_KEYS.currentSite, previous);
      } finally {
        window.setTimeout(() => setSwitching(false), SWITCH_SETTLE_MS);
      }
    },
    [qc],
  );

  // On load, restore the stored site; when it is no longer valid, fall back to the first permitted one.
  useEffect(() => {
    if (restored.current || !me.data || !sites.data?.length) return;
    restored.current = true;
    const stored = Number(readStored(STORAGE_KEYS.currentSite));
    const target = sites.data.some((s) => s.id === stored) ? stored : sites.data[0].id;
    if (target !== me.data.site.id) void switchSite(target);
    else writeStored(STORAGE_KEYS.currentSite, String(target));
  }, [me.data, sites.data, switchSite]);

  const value = useMemo(() => ({ switching, switchSite }), [switching, switchSite]);
  return <SiteSwitchContext.Provider value={value}>{children}</SiteSwitchContext.Provider>;
}
