import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A page's code that could not be fetched (a new release replaced it, or the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|error loading dynamically/i.test(
    message,
  );
}

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches what a page throws while rendering (or its code failing to load) and shows a friendly
 * message with a retry in place of that page, instead of a blank screen. The frame around it (the
 * navigation, the dashboard menu) keeps working. Keyed by the address where it is used, so moving
 * to another page starts afresh.
 *
 * Retry renders the page again; when the page's code itself failed to load, the browser has kept
 * that failure for the module, so only loading the page anew fetches it again.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; reload?: () => void }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the browser's console for whoever looks into it; the reader sees the message below.
    console.error('A page failed to render', error, info.componentStack);
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) (this.props.reload ?? (() => window.location.reload()))();
    else this.setState({ error: null, hasError: false });
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div
        role="alert"
        className="alert alert-error my-6 flex flex-col items-start gap-3 sm:flex-row sm:items-center"
      >
        <div>
          <p className="font-semibold">Sorry, this page could not be shown.</p>
          <p className="text-sm">
            {chunk
              ? 'Part of the store could not be loaded, perhaps because the connection dropped or the store was just updated.'
              : 'Something went wrong on our side. Trying again usually helps.'}
          </p>
        </div>
        <button type="button" className="btn btn-sm" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
