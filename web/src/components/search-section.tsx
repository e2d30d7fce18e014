import { Button, InlineNotification, Link, SkeletonText } from '@carbon/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RequestOptions } from '../lib/api-client';
import { errorMessage } from '../lib/api-error';
import { formatTotal } from '../lib/format';
import { CsvDownloadButton } from './csv-download-button';
import './search-section.scss';

/** How many hits of each kind the page shows; "View all" opens the list for the rest. */
export const SEARCH_PAGE_SIZE = 5;

/** A section's answer: still loading, failed (with its retry), or the hits and how many match in all. */
type SectionResult =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | ({ status: 'success' } & SectionCount);

interface SectionCount {
  /** How many match in all; with `totalIsEstimate`, the server's estimate beyond 10,000. */
  total: number;
  totalIsEstimate: boolean;
  /** The server stopped counting at `total`: "1,000+". */
  totalIsCapped?: boolean;
  /** How many hits the section lists. */
  shown: number;
}

/** The count of a list answer whose total is exact (cases, evidence). */
export function exactCount(data: { data: unknown[]; pagination: { totalItems: number } }): SectionCount {
  return { total: data.pagination.totalItems, totalIsEstimate: false, shown: data.data.length };
}

/** A section's result from its query, counted from the loaded answer by `count`. */
export function sectionResult<T>(query: UseQueryResult<T>, count: (data: T) => SectionCount): SectionResult {
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'success', ...count(query.data) };
}

interface SearchSectionProps {
  id: string;
  /** The heading, and what its hits are called in "View all 12 cases". */
  title: string;
  plural: string;
  result: SectionResult;
  /** "No cases match “x”.": what the section says when nothing matches. */
  empty: string;
  /** The full list, filtered by the same text; without one, the section pages in place (`footer`). */
  listPath?: string;
  /** The hits, each an `<li>`. */
  children: ReactNode;
  /** Under the hits once they are loaded: a section without a list of its own pages here. */
  footer?: ReactNode;
  /**
   * The list route whose CSV download holds the section's matches (its `format=csv`), and the filters
   * that find them: under the hits, "Download CSV" saves all of them, not only those shown.
   */
  csv?: { path: string; filters: RequestOptions['params'] };
}

/**
 * One kind of record on the search page: its heading with the number of matches, the first few hits,
 * and a link to the full list when there are more. It loads and fails on its own, so one failing
 * request leaves the other sections as they are.
 */
export function SearchSection({
  id,
  title,
  plural,
  result,
  empty,
  listPath,
  children,
  footer,
  csv,
}: SearchSectionProps) {
  const headingId = `search-${id}`;
  let total: string | null = null;
  if (result.status === 'success') {
    total = result.totalIsCapped
      ? `${result.total.toLocaleString('en-US')}+`
      : formatTotal(result.total, result.totalIsEstimate);
  }

  let body: ReactNode;
  if (result.status === 'pending') {
    // Its own full-width box: the section's items are only as wide as their content, and the skeleton's
    // lines, a share of their box's width, had none (an empty section while it loaded).
    body = (
      <div className="search-section__loading">
        <SkeletonText paragraph lineCount={3} />
      </div>
    );
  } else if (result.status === 'error') {
    body = (
      <>
        <InlineNotification
          kind="error"
          lowContrast
          hideCloseButton
          title={`${title} could not be loaded`}
          subtitle={errorMessage(result.error, 'Please try again')}
        />
        <Button kind="ghost" size="sm" onClick={result.retry}>
          Try again
        </Button>
      </>
    );
  } else if (result.shown === 0) {
    body = <p className="search-section__empty">{empty}</p>;
  } else {
    body = (
      <>
        <ul className="search-section__hits" aria-labelledby={headingId}>
          {children}
        </ul>
        {footer}
        {csv && <CsvDownloadButton className="ghost-aligned" path={csv.path} filters={csv.filters} />}
      </>
    );
  }

  return (
    <section className="search-section" aria-labelledby={headingId}>
      <div className="search-section__header">
        <h2 id={headingId} className="search-section__title">
          {title}
          {total !== null && ` (${total})`}
        </h2>
        {listPath &&
          result.status === 'success' &&
          (result.totalIsEstimate || result.total > result.shown) && (
            <Link as={RouterLink} to={listPath}>
              View all {total} {plural}
            </Link>
          )}
      </div>
      {body}
    </section>
  );
}
