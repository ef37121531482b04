import { useRouteError } from 'react-router';
import { RouteErrorView } from './RouteErrorView';

/** Every react-router route's error boundary. */
export function RouteError() {
  return <RouteErrorView error={useRouteError()} />;
}
