import { blogArticles } from '../blog-articles';

export function BlogPage() {
  return (
    <div className="mx-auto max-w-3xl py-6">
      <h1 className="text-3xl font-bold">Blog</h1>
      <p className="mt-1 text-base-content/70">Questions and answers about React and JavaScript.</p>
      <nav aria-label="Articles" className="mt-6">
        <ul className="list-disc space-y-1 pl-5">
          {blogArticles.map((article) => (
            <li key={article.slug}>
              <a className="link" href={`#${article.slug}`}>
                {article.question}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {blogArticles.map((article) => (
        <article
          key={article.slug}
          id={article.slug}
          className="mt-10 scroll-mt-24"
          aria-labelledby={`${article.slug}-q`}
        >
          <h2 id={`${article.slug}-q`} className="text-2xl font-semibold">
            {article.question}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed">
            {article.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </article>
      ))}
    </div>
  );
}
