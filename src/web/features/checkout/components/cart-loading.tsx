/** The cart while it loads, or why it could not, with a way to try again. */
export function CartLoading({ error, retry }: { error: Error | null; retry: () => void }) {
  return error ? (
    <div role="alert" className="alert alert-error">
      <span>Could not load your cart: {error.message}</span>
      <button type="button" className="btn btn-sm" onClick={retry}>
        Try again
      </button>
    </div>
  ) : (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span className="sr-only">Loading your cart…</span>
    </div>
  );
}
