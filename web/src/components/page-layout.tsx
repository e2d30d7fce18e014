import { Breadcrumb, BreadcrumbItem } from '@carbon/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omit for a section without a page of its own, and for the current page. */
  to?: string;
}

interface PageLayoutProps {
  /** Trail above the heading, not counting the current page, which is added from `title`. */
  breadcrumbs?: Crumb[];
  title: string;
  /** The current page in the breadcrumb, when it is not the title (a case's "#42"). */
  crumb?: string;
  description?: ReactNode;
  /** Page-level actions, shown beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: breadcrumb, heading, description, then content. */
export function PageLayout({
  breadcrumbs = [],
  title,
  crumb = title,
  description,
  actions,
  children,
}: PageLayoutProps) {
  return (
    <div className="page-layout">
      <div className="page-layout__header">
        <Breadcrumb noTrailingSlash aria-label="Breadcrumb">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <BreadcrumbItem key={crumb.label}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </BreadcrumbItem>
            ) : (
              <BreadcrumbItem key={crumb.label} className="page-layout__crumb-section">
                {crumb.label}
              </BreadcrumbItem>
            ),
          )}
          <BreadcrumbItem isCurrentPage>{crumb}</BreadcrumbItem>
        </Breadcrumb>
        <div className="page-layout__heading-row">
          <div className="page-layout__heading">
            <h1 className="page-layout__title">{title}</h1>
            {description && <p className="page-layout__description">{description}</p>}
          </div>
          {actions && <div className="page-layout__actions">{actions}</div>}
        </div>
      </div>
      <div className="page-layout__content">{children}</div>
    </div>
  );
}
