import { Locked } from '@carbon/icons-react';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasPermission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';
import { buildLoginPath, fullPath } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useReviewQueue } from '../api/get-review-queue';
import { IdentifiersPagination } from '../components/identifiers-pagination';
import { IdentifierDetailModal, preloadIdentifierDetail } from '../components/lazy-identifier-dialogs';
import { ReviewQueueEmptyState } from '../components/review-queue-empty-state';
import { ReviewQueueTable } from '../components/review-queue-table';
import { ReviewQueueToolbar } from '../components/review-queue-toolbar';
import { useNextInQueue } from '../components/use-next-in-queue';
import { useReviewQueueState } from '../components/use-review-queue-state';
import { useShowLastPage } from '../../../lib/use-show-last-page';
import { sectionTrail } from '../../../app/breadcrumbs';
import '../components/identifiers.scss';
import '../components/review-queue.scss';

const PAGE = {
  breadcrumbs: sectionTrail('validation'),
  title: 'Identifier Validation',
  description: 'Review identifiers waiting for validation and confirm or reject them.',
};

/**
 * Identifier Validation (/validation). The route has no login flag, so the screen mirrors the server: a
 * visitor who is not signed in is sent to sign in, and a user who may not view identifiers is told so
 * instead of being shown a queue that can only fail to load.
 */
export function ValidationRoute() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={buildLoginPath(fullPath(location))} replace />;
  if (!hasPermission(user.permissions, 'identifier.view')) {
    return (
      <PageLayout {...PAGE}>
        <EmptyState
          icon={Locked}
          title="You cannot view identifiers"
          description="Reviewing identifiers needs permission to view them, which your role does not give. Ask an administrator if you need it."
        />
      </PageLayout>
    );
  }
  const canReview = hasPermission(user.permissions, 'identifier.edit');
  return (
    <ReviewQueue
      canReview={canReview}
      canEditTags={canReview && hasPermission(user.permissions, 'tag.view')}
    />
  );
}

/**
 * The queue: identifiers by review status, narrowed by type and reporter, oldest first by default. An
 * identifier's value opens its detail, where a reviewer with identifier.edit confirms or rejects it. A
 * decision moves the dialog on to the next identifier of the page ("Next" skips one undecided), and
 * closes it after the page's last; the URL follows, replaced rather than pushed, so Back leaves the queue's
 * dialog instead of stepping back through decided identifiers.
 */
function ReviewQueue({ canReview, canEditTags }: { canReview: boolean; canEditTags: boolean }) {
  const list = useReviewQueueState();
  const { params, update } = list;
  const query = useReviewQueue(params);
  const items = query.isError ? [] : (query.data?.data ?? []);

  // A page past the end (the last item of the last page was decided, an old link) shows the last page.
  useShowLastPage(
    params.page,
    query.isPlaceholderData || query.data?.totalIsCapped ? undefined : query.data?.pagination.totalPages,
    update,
  );

  // Once the queue is on screen, fetch the detail's code so that opening an identifier does not wait.
  const isListShown = !query.isPending;
  useEffect(() => {
    if (isListShown) preloadIdentifierDetail();
  }, [isListShown]);

  const fallback = items.find((item) => item.id === list.openId);
  const nextId = useNextInQueue(items, list.openId);
  const { setOpenId } = list;
  const showNext = () => setOpenId(nextId, { replace: nextId !== null });
  const totalItems = query.isError ? 0 : (query.data?.pagination.totalItems ?? 0);

  return (
    <PageLayout {...PAGE}>
      <ReviewQueueToolbar
        params={params}
        update={update}
        hasFilters={list.hasFilters}
        onClearFilters={list.clearFilters}
      />
      <ReviewQueueTable
        status={params.status}
        items={items}
        // An empty page kept on screen while other filters load says nothing of them: no empty state
        // until they are answered.
        isLoading={query.isPending || (query.isPlaceholderData && items.length === 0)}
        pageSize={params.pageSize}
        detailSearch={list.detailSearch}
        emptyState={
          <ReviewQueueEmptyState
            status={params.status}
            hasFilters={list.hasFilters}
            error={query.isError ? query.error : null}
            onClearFilters={list.clearFilters}
            onRetry={() => void query.refetch()}
          />
        }
      />
      {totalItems > 0 && (
        <IdentifiersPagination
          page={params.page}
          pageSize={params.pageSize}
          totalItems={totalItems}
          totalIsEstimate={!!query.data?.totalIsCapped}
          isLastPage={items.length < params.pageSize}
          disabled={query.isFetching && query.isPlaceholderData}
          onChange={({ page, pageSize }) => update({ page, pageSize })}
        />
      )}
      <Suspense fallback={null}>
        {list.openId && (
          <IdentifierDetailModal
            id={list.openId}
            fallback={fallback}
            canValidate={canReview}
            canReview={canReview}
            canEditTags={canEditTags}
            onReviewed={showNext}
            onNext={nextId ? showNext : undefined}
            onClose={() => setOpenId(null)}
          />
        )}
      </Suspense>
    </PageLayout>
  );
}
