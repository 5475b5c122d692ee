export function PageLoading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
