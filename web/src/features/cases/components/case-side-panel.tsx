import { Button, InlineNotification, SkeletonText } from '@carbon/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ShowMoreButton } from '../../../components/show-more-button';
import { errorMessage } from '../../../lib/api-error';

interface Page<T> {
  data: T[];
  pagination: { totalItems: number };
}

interface CaseSidePanelProps<T> {
  /** The heading's id, which names the panel (an `aside`) for assistive technology. */
  id: string;
  title: string;
  hint: string;
  /** A paged list of the panel's items, grown with "Show more". */
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  emptyText: string;
  errorTitle: string;
  /** Shown under the hint whatever the list's state (an action such as "Link a case"). */
  actions?: ReactNode;
  renderItem: (item: T) => { key: string; content: ReactNode };
  children?: ReactNode;
}

/**
 * A panel beside a case's tabs listing cases connected to it (related, linked): its count in the
 * heading, a skeleton while it loads, an error with Try again, an empty text, and "Show more".
 */
export function CaseSidePanel<T>({
  id,
  title,
  hint,
  query,
  emptyText,
  errorTitle,
  actions,
  renderItem,
  children,
}: CaseSidePanelProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.pagination.totalItems ?? 0;

  return (
    <aside className="related-cases" aria-labelledby={id}>
      <h2 id={id} className="related-cases__title">
        {title}
        {total > 0 && <span className="related-cases__count"> ({total})</span>}
      </h2>
      <p className="related-cases__hint">{hint}</p>
      {actions}
      {query.isPending ? (
        <SkeletonText paragraph lineCount={4} />
      ) : query.isError && items.length === 0 ? (
        <>
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title={errorTitle}
            subtitle={errorMessage(query.error, 'Please try again')}
          />
          <Button kind="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : items.length === 0 ? (
        <p className="related-cases__empty">{emptyText}</p>
      ) : (
        <ul className="related-cases__list">
          {items.map((item) => {
            const { key, content } = renderItem(item);
            return (
              <li key={key} className="related-cases__item">
                {content}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton query={query} />
      {children}
    </aside>
  );
}
