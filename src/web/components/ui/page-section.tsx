import type { ReactNode } from 'react';

/** A titled block of a page; the heading names the section for screen readers. */
export function PageSection({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="py-10">
      <div className="mb-6 text-center">
        <h2 id={`${id}-heading`} className="text-3xl font-bold">
          {title}
        </h2>
        {subtitle ? <p className="mt-1 text-lg text-base-content/70">{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}
