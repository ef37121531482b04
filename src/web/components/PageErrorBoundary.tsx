import { Component, type ReactNode } from 'react';
import { RouteErrorView } from './RouteErrorView';

/** A route's error boundary where react-router is not running (the signed-out pages on arrival, decision 050). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  render() {
    return this.state.failed ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}
