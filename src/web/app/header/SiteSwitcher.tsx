import { Building2, ChevronDown } from 'lucide-react';
import { useMe } from '../../lib/session';
import { useSites } from '../../features/sites/api';
import { useSiteSwitch } from '../../features/sites/site-switch';
import { LazyMenu, type TriggerLook } from './lazy-menu';

/**
 * Shown only when the user may use more than one site (spec §6). A menu of radio items, not a select:
 * arrow keys on a closed select changed the site at once (WCAG 3.2.2); here only choosing an item
 * (Enter, Space or a click) switches, and Radix puts focus back on the button afterwards.
 */
export function SiteSwitcher() {
  const me = useMe();
  const sites = useSites(!!me.data);
  const { switching, switchSite } = useSiteSwitch();
  if (!me.data || !sites.data || sites.data.length < 2) return null;
  const current = me.data.site;
  const list = sites.data;
  const look: TriggerLook = {
    label: `Current site: ${current.name}`,
    busy: switching || undefined,
    // A long site name is cut by the box; the full name shows on hover.
    title: current.name,
    className:
      'flex h-8 max-w-28 min-w-0 items-center gap-1.5 rounded-md border border-border bg-card px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:max-w-44',
    children: (
      <>
        <Building2 className="hidden h-4 w-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
        <span className="truncate">{current.name}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      </>
    ),
  };
  const choose = (id: number) => !switching && id !== current.id && void switchSite(id);
  return (
    <LazyMenu
      look={look}
      render={(v, replay) => <v.SiteMenuView look={look} replay={replay} sites={list} currentId={current.id} onChoose={choose} />}
    />
  );
}
