import type { ComponentType, ReactNode } from 'react';

interface EmptyStateProps {
  /** A Carbon icon, drawn large above the title. */
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  title: string;
  description?: ReactNode;
  /** A call to action, usually a Carbon Button. */
  action?: ReactNode;
  /** 1 when the empty state is the page itself (error pages); 2 inside a page with its own heading. */
  headingLevel?: 1 | 2;
}

/** What a screen shows when it has nothing to list: what is missing and what to do about it. */
export function EmptyState({ icon: Icon, title, description, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="empty-state">
      {Icon && (
        <div className="empty-state__icon">
          <Icon size={48} aria-hidden />
        </div>
      )}
      <Heading className="empty-state__title">{title}</Heading>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
