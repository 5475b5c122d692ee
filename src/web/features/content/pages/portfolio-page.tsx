import { useStoreInfo } from '@web/shared/store/get-store-info';

export function PortfolioPage() {
  const { portfolio } = useStoreInfo();
  return (
    <div className="mx-auto max-w-3xl py-6">
      <h1 className="text-3xl font-bold">{portfolio.name}</h1>
      <p className="mt-1 text-lg text-base-content/70">{portfolio.role}</p>
      <div className="mt-6 space-y-3 leading-relaxed">
        {portfolio.bio.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <h2 className="mt-10 text-2xl font-semibold">Projects</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {portfolio.projects.map((project) => (
          <li key={project.title} className="card bg-base-200">
            <div className="card-body">
              <h3 className="card-title">
                <a className="link" href={project.url} target="_blank" rel="noopener noreferrer">
                  {project.title}
                </a>
              </h3>
              <p>{project.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
