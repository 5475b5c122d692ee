/** Previous / "Page n of m" / Next; renders nothing for a single page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex justify-center">
      <div className="join">
        <button type="button" className="btn join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          « Previous
        </button>
        <span className="btn join-item pointer-events-none" aria-current="page">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="btn join-item"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next »
        </button>
      </div>
    </nav>
  );
}
