import { Button } from '../../../components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sitesKey } from '../../../lib/query-keys';
import { useMe } from '../../../lib/session';
import { useSiteSwitch } from '../../../lib/site-switch-context';

/**
 * A shared filter link made on another site (decision 115): its team and type ids would mean other people here,
 * so nothing of it is applied, and this says so, with the way to that site when the user may use it.
 */
export function ForeignLinkNotice({ siteId, onClear }: { siteId: number; onClear: () => void }) {
  const me = useMe();
  // The header's own list of the user's sites (same key, so no second request).
  const sites = useQuery({ queryKey: sitesKey, queryFn: () => api('GET /api/sites'), enabled: !!me.data });
  const { switchSite, switching } = useSiteSwitch();
  const site = sites.data?.find((s) => s.id === siteId);
  const here = me.data?.site.name ?? 'this site';
  return (
    <div
      role="status"
      data-testid="foreign-link"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-400 bg-card p-3 text-sm"
    >
      <p className="min-w-0 flex-1 basis-60 [overflow-wrap:anywhere]">
        {site ? `This link is for ${site.name}.` : 'This link is for a site you cannot open.'} Its filter is not applied on {here}.
      </p>
      <div className="flex flex-wrap gap-2">
        {site ? (
          <Button size="sm" onClick={() => void switchSite(site.id)} disabled={switching}>
            Switch to {site.name}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={onClear}>
          Clear the filter
        </Button>
      </div>
    </div>
  );
}
