import type { ReactNode } from 'react';

interface DetailSectionProps {
  id: string;
  title: string;
  /** Shown after the title: "Attached Media (2)". */
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled section of the identifier detail modal. */
export function DetailSection({ id, title, count, actions, children }: DetailSectionProps) {
  const headingId = `identifier-detail-${id}`;
  return (
    <section className="identifier-detail__section" aria-labelledby={headingId}>
      <div className="identifier-detail__section-header">
        <h3 id={headingId} className="identifier-detail__section-title">
          {title}
          {count !== undefined && ` (${count})`}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs in two columns. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="identifier-detail__list">
      {items.map((item) => (
        <div key={item.label} className="identifier-detail__row">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a section says when it has nothing to list. */
export function DetailEmpty({ children }: { children: ReactNode }) {
  return <p className="identifier-detail__empty">{children}</p>;
}
