import { pages } from '@contract/pages';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex justify-center py-16">
      <div className="card w-full max-w-md bg-base-200 text-center shadow-sm">
        <div className="card-body items-center">
          <p className="text-6xl font-black text-orange-700" aria-hidden="true">
            404
          </p>
          <h1 className="card-title text-2xl">Page is not Found</h1>
          <p className="text-base-content/70">The page you asked for does not exist or has moved.</p>
          <div className="card-actions">
            <Link to={pages.home.path} className="btn btn-primary">
              Back to home
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
