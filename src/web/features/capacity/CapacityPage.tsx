import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { TForecast, TForecastSite } from '../../../shared/contracts/coverage-forecast';
import { Button } from '../../components/ui/button';
import { PageHeader, Spinner } from '../../components/ui/page';
import { exportHref, useForecast } from './api';
import { ForecastChart } from './ForecastChart';
import { ForecastTable } from './ForecastTable';
import { summaryText, windowLabel, windowStart } from './forecast-view';
import { CHART_LEGEND } from './messages';

/**
 * "Capacity" (decision 100): eight weeks of every site the user may use, available hours against the minimum,
 * with the days that fall short marked, a table of the same numbers, and a CSV of them.
 */
export default function CapacityPage() {
  const [search, setSearch] = useSearchParams();
  const from = /^\d{4}-\d{2}-\d{2}$/.test(search.get('from') ?? '') ? search.get('from') : null;
  const forecast = useForecast(from);
  const f = forecast.data;
  const go = (move: number) => {
    if (!f) return;
    setSearch(move === 0 ? {} : { from: windowStart(f.today, f.from, move) });
  };
  return (
    <div className="min-w-0">
      <PageHeader
        title="Capacity"
        subtitle={f ? `${windowLabel(f.from, f.to)}: available hours against each site's minimum` : undefined}
        actions={
          f ? (
            <a
              href={exportHref(f.from)}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border border-border bg-card px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Download className="h-4 w-4" aria-hidden />
              Export CSV
            </a>
          ) : null
        }
      />
      <nav aria-label="Weeks" className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => go(-1)} disabled={!f}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
          Previous 8 weeks
        </Button>
        <Button variant="outline" size="sm" onClick={() => go(0)} disabled={!f}>
          Today
        </Button>
        <Button variant="outline" size="sm" onClick={() => go(1)} disabled={!f}>
          Next 8 weeks
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </nav>
      {forecast.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {forecast.error.message || 'The forecast could not be loaded.'}
        </p>
      ) : !f ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <Legend />
          <div className="space-y-8" aria-busy={forecast.isFetching}>
            {f.sites.map((site) => (
              <SiteForecast key={site.id} site={site} forecast={f} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Legend() {
  return (
    <ul aria-label="How to read the charts" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {CHART_LEGEND.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className={item.swatch} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

function SiteForecast({ site, forecast }: { site: TForecastSite; forecast: TForecast }) {
  const headingId = `capacity-site-${site.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-3 sm:p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {site.name}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        {site.pendingRequests === 0
          ? 'No pending requests in these weeks.'
          : `${site.pendingRequests} pending ${site.pendingRequests === 1 ? 'request' : 'requests'} in these weeks.`}
      </p>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,4fr)_minmax(0,3fr)]">
        <figure className="min-w-0">
          <div role="region" aria-label={`Chart of ${site.name} (scrolls sideways)`} tabIndex={0} className="overflow-x-auto">
            <div aria-hidden>
              <ForecastChart site={site} dates={forecast.dates} />
            </div>
          </div>
          <figcaption className="mt-2 text-sm">{summaryText(site, forecast.dates)}</figcaption>
        </figure>
        <div className="max-h-96 min-w-0 overflow-y-auto xl:max-h-[22rem]">
          <ForecastTable site={site} dates={forecast.dates} />
        </div>
      </div>
    </section>
  );
}
