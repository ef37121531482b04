import { DropdownMenu as M } from 'radix-ui';
import { Building2, Check, ChevronDown } from 'lucide-react';
import { useMe } from '../../lib/session';
import { useSites } from '../../features/sites/api';
import { useSiteSwitch } from '../../features/sites/site-switch';
import { menuContent, menuItem } from './NavMenu';

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
  return (
    <M.Root modal={false}>
      <M.Trigger
        aria-label={`Current site: ${current.name}`}
        aria-busy={switching || undefined}
        // A long site name is cut by the box; the full name shows on hover.
        title={current.name}
        className="flex h-8 max-w-28 min-w-0 items-center gap-1.5 rounded-md border border-border bg-card px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:max-w-44"
      >
        <Building2 className="hidden h-4 w-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
        <span className="truncate">{current.name}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      </M.Trigger>
      <M.Portal>
        <M.Content align="end" sideOffset={6} className={menuContent}>
          <M.Label className="px-2 py-1 text-xs text-muted-foreground">Switch site</M.Label>
          <M.RadioGroup value={String(current.id)} onValueChange={(v) => !switching && Number(v) !== current.id && void switchSite(Number(v))}>
            {sites.data.map((s) => (
              <M.RadioItem key={s.id} value={String(s.id)} className={menuItem}>
                <span className="min-w-0 flex-1 truncate">{s.name}</span>
                <M.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </M.ItemIndicator>
              </M.RadioItem>
            ))}
          </M.RadioGroup>
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
