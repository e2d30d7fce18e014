import { ActionableNotification, SkeletonPlaceholder, SkeletonText, TagSkeleton } from '@carbon/react';
import { FolderOpen } from '@carbon/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout, type Crumb } from '../../../components/page-layout';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';

interface CaseDetailStateProps {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  breadcrumbs: Crumb[];
}

/** Loading skeleton in the shape of the page: summary tags, facts, then the tabs. */
function CaseDetailSkeleton() {
  return (
    <div className="case-detail__skeleton" aria-busy="true" aria-label="Loading the case">
      <div className="case-header__tags">
        <TagSkeleton />
        <TagSkeleton />
        <TagSkeleton />
      </div>
      <SkeletonText paragraph lineCount={3} />
      <SkeletonPlaceholder className="case-detail__skeleton-block" />
    </div>
  );
}

/**
 * The case page before its case is there: a skeleton while loading; "No case to show" when the server
 * answers 404 (a missing case and one the caller may not see answer alike) or 400 (a malformed id);
 * otherwise the reason, with a retry.
 */
export function CaseDetailState({ query, breadcrumbs }: CaseDetailStateProps) {
  const notFound = isApiError(query.error) && [400, 404].includes(query.error.status);
  return (
    <PageLayout
      breadcrumbs={breadcrumbs}
      title={query.isPending ? 'Case' : notFound ? 'Case not found' : 'Case'}
    >
      {query.isPending ? (
        <CaseDetailSkeleton />
      ) : notFound ? (
        <EmptyState
          icon={FolderOpen}
          title="No case to show"
          description="There is no case with this ID, or it is not shared with you."
          action={<Link to={paths.cases()}>Back to cases</Link>}
        />
      ) : (
        <ActionableNotification
          kind="error"
          inline
          lowContrast
          hideCloseButton
          title="Failed to load the case"
          subtitle={errorMessage(query.error, 'Please try again')}
          actionButtonLabel="Try again"
          onActionButtonClick={() => void query.refetch()}
        />
      )}
    </PageLayout>
  );
}
