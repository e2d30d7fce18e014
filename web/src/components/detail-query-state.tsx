import { InlineNotification, SkeletonText } from '@carbon/react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../lib/api-error';
import { EmptyState } from './empty-state';
import { PageLayout, type Crumb } from './page-layout';

export interface DetailQueryStateProps {
  /** The detail query while it has no data: loading, or failed. */
  query: { isPending: boolean; error: unknown };
  breadcrumbs: Crumb[];
  /** The page title until the record is loaded, e.g. "Group". */
  title: string;
  icon: ComponentType;
  /** What the record is called in messages, e.g. "group", "team member". */
  noun: string;
  notFoundDescription: string;
  back: { to: string; label: string };
}

/**
 * A detail page before its record is there: a skeleton while loading; "{Noun} not found" when the
 * server answers 404 (or 400 for a malformed id); otherwise "Failed to load the {noun}" with the reason.
 */
export function DetailQueryState({
  query,
  breadcrumbs,
  title,
  icon,
  noun,
  notFoundDescription,
  back,
}: DetailQueryStateProps) {
  const notFound = isApiError(query.error) && [400, 404].includes(query.error.status);
  return (
    <PageLayout breadcrumbs={breadcrumbs} title={title}>
      {query.isPending ? (
        <SkeletonText paragraph lineCount={6} />
      ) : notFound ? (
        <EmptyState
          icon={icon}
          title={`${noun[0].toUpperCase()}${noun.slice(1)} not found`}
          description={notFoundDescription}
          action={<Link to={back.to}>{back.label}</Link>}
        />
      ) : (
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title={`Failed to load the ${noun}`}
          subtitle={errorMessage(query.error, 'Please try again')}
        />
      )}
    </PageLayout>
  );
}
