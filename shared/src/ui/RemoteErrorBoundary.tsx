import { Component, type ReactNode } from 'react';

interface Props { fallback: (retry: () => void) => ReactNode; children: ReactNode; onRetry?: () => void }
interface State { failed: boolean }

/** Keeps a failing remote (or page) from taking the whole shell down. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('[shell] a part of the app failed', error);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
