import { Button, InlineNotification, SkeletonText } from '@carbon/react';
import { useRelatedCases } from '../api/get-related-cases';
import { errorMessage } from '../../../lib/api-error';
import { CaseRefLink } from './case-detail-links';
import { CaseStatusTag } from '../../../components/case-tags';

/**
 * Related cases: those the viewer may see that share a normalised identifier with this case, each with
 * the identifiers they share. Paged with "Show more".
 */
export function RelatedCasesPanel({ caseId }: { caseId: string }) {
  const query = useRelatedCases(caseId);
  const related = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.pagination.totalItems ?? 0;

  return (
    <aside className="related-cases" aria-labelledby="related-cases-title">
      <h2 id="related-cases-title" className="related-cases__title">
        Related cases{total > 0 && <span className="related-cases__count"> ({total})</span>}
      </h2>
      <p className="related-cases__hint">Cases that share an identifier with this one.</p>
      {query.isPending ? (
        <SkeletonText paragraph lineCount={4} />
      ) : query.isError && related.length === 0 ? (
        <>
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title="Failed to load related cases"
            subtitle={errorMessage(query.error, 'Please try again')}
          />
          <Button kind="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : related.length === 0 ? (
        <p className="related-cases__empty">No related cases yet</p>
      ) : (
        <ul className="related-cases__list">
          {related.map(({ case: other, shared, sharedCount }) => (
            <li key={other.id} className="related-cases__item">
              <div className="related-cases__heading">
                <CaseRefLink caseRef={other} showTitle />
                <CaseStatusTag status={other.status} size="sm" />
              </div>
              <p className="related-cases__shared">
                <span className="related-cases__shared-label">
                  Shares {sharedCount} {sharedCount === 1 ? 'identifier' : 'identifiers'}:
                </span>{' '}
                {shared.map((identifier) => identifier.displayValue).join(', ')}
                {sharedCount > shared.length && ` and ${sharedCount - shared.length} more`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          kind="ghost"
          size="sm"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </aside>
  );
}
