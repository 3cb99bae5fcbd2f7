import { Component, type ReactNode } from 'react';
import { ErrorDetails } from './ErrorDetails';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of the part that threw; `retry` renders it again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** A new value renders the part again: it may not throw for another address. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Holds what a part of the window throws while it renders, so the rest stays on screen; React
 * offers this only as a class component.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(thrown: unknown): Partial<ErrorBoundaryState> {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}

/** What went wrong, as a thrown error tells it, and the ways on from there. */
export function RenderFailure({ title, error, children }: { title: string; error: Error; children: ReactNode }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-title">{title}</p>
      <p>Something in Callscope failed while showing it. This is a fault of the app, not of your data.</p>
      <ErrorDetails error={{ code: error.name, message: error.message, requestId: null }} />
      <div className="actions">{children}</div>
    </div>
  );
}
