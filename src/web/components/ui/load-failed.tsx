/** A list that could not be loaded: what happened, and a button to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error">
      <span>{what} could not be loaded. Check your connection and try again.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
