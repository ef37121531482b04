import { Building2 } from 'lucide-react';
import { useMe } from '../../lib/session';
import { useSites } from '../../features/sites/api';
import { useSiteSwitch } from '../../features/sites/site-switch';

/** Shown only when the user may use more than one site (spec §6). */
export function SiteSwitcher() {
  const me = useMe();
  const sites = useSites(!!me.data);
  const { switching, switchSite } = useSiteSwitch();
  if (!me.data || !sites.data || sites.data.length < 2) return null;
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <Building2 className="hidden h-4 w-4 text-muted-foreground sm:block" aria-hidden />
      <span className="sr-only">Current site</span>
      <select
        aria-label="Current site"
        // A long site name is cut by the box; the full name shows on hover.
        className="h-8 max-w-28 truncate rounded-md border border-border bg-card px-2 text-sm sm:max-w-40"
        title={me.data.site.name}
        value={me.data.site.id}
        disabled={switching}
        onChange={(e) => void switchSite(Number(e.target.value))}
      >
        {sites.data.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
