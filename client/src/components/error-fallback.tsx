import { AlertOctagon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';

/** SPEC §2 error boundary texts; "Go Home" is a full navigation so a broken state is left behind. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertOctagon aria-hidden="true" className="size-12 text-red-600" />
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">
        We're sorry, but something unexpected happened. Please try again.
      </p>
      <div className="mt-2 flex gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go Home
        </Button>
      </div>
    </div>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ErrorFallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
