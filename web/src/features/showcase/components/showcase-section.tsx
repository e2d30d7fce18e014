import type { ReactNode } from 'react';

/** A titled section of the showcase, addressable by hash (e.g. /components#modals). */
export function ShowcaseSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="page-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="page-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
