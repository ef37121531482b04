import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { WEEKS_SHOWN } from './forecast-view';

export const FORECAST_PATH = '/api/coverage/forecast';

/** The forecast of every site the user may use, from `from` (null: this week's Monday, the server's today). */
export const useForecast = (from: string | null) =>
  useQuery({
    queryKey: [FORECAST_PATH, from, WEEKS_SHOWN],
    queryFn: () => api('GET /api/coverage/forecast', { query: { ...(from ? { from } : {}), weeks: WEEKS_SHOWN } }),
    // The previous window stays drawn while the next loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });

export const exportHref = (from: string) => `/api/export/capacity.csv?from=${from}&weeks=${WEEKS_SHOWN}`;
