import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { TMeResponse } from '../../shared/contracts/auth';
import { meKey } from '../lib/query-keys';
import { startFirstLoad } from './first-load';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

// One of each per document, made on first render rather than at import so the router reads the address
// the signed-out pages left (decision 050), and made once even when StrictMode renders twice.
let router: ReturnType<typeof createAppRouter> | undefined;
let client: QueryClient | undefined;

/**
 * Made on first render. A sign-in just made (`me` given) lands Staff on their own time off (decision 093),
 * so a request is two taps away; the address changes before the router reads it.
 */
function appRouter(me: TMeResponse | undefined) {
  if (!router && me?.user.isStaff && me.user.employeeId !== null && window.location.pathname === '/')
    window.history.replaceState(window.history.state, '', '/time-off');
  return (router ??= createAppRouter());
}

interface FullAppProps {
  /** The session the signed-out pages already have (a sign-in's reply), so nobody asks /api/auth/me again. */
  me?: TMeResponse;
  /** The session check the entry started (page-loaders.ts), taken as the session query's first answer. */
  session?: Promise<TMeResponse | null>;
}

function appClient({ me, session }: FullAppProps): QueryClient {
  if (!client) {
    client = createQueryClient();
    if (me) client.setQueryData(meKey, me);
    else if (session) void client.prefetchQuery({ queryKey: meKey, queryFn: () => session });
    startFirstLoad(client);
  }
  return client;
}

/** Everything after the signed-out pages: react-router's data router and the query cache. */
export default function FullApp(props: FullAppProps) {
  return (
    <Providers client={appClient(props)}>
      <RouterProvider router={appRouter(props.me)} />
    </Providers>
  );
}
