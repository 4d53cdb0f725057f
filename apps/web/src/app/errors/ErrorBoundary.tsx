import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { ErrorResult } from './ErrorResult';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Moving on (another page) clears a shown error. */
  resetKey: string;
}

type Failure = { error: unknown; at: string | undefined };

interface ErrorBoundaryState {
  failure: Failure | null;
  attempt: number;
}

/** Keeps the shell (menu, header) usable when one screen throws while rendering. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failure: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error, at: undefined } };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    const { failure } = state;
    if (!failure) return null;
    if (failure.at === undefined) return { failure: { ...failure, at: props.resetKey } };
    return failure.at === props.resetKey ? null : { failure: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState((state) => ({ failure: null, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.failure) return <ErrorResult error={this.state.failure.error} onRetry={this.retry} />;
    // A new key remounts the screen, so a retry starts it from scratch.
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
