import { InlineNotification, SkeletonText } from '@carbon/react';
import { useState, type ReactNode } from 'react';
import { toPagination } from '@scamtrail/domain/pagination';
import { SectionPager } from '../../../components/section-pager';
import { errorMessage } from '../../../lib/api-error';
import {
  RELATED_PAGE_SIZE,
  useIdentifierRelated,
  type RelatedItems,
  type RelatedKind,
} from '../api/get-identifier-related';
import { DetailEmpty, DetailSection } from './detail-section';

interface DetailPagedSectionProps<K extends RelatedKind> {
  identifierId: string;
  kind: K;
  /** The section's id and heading: "Attached Media (12)". */
  id: string;
  title: string;
  /** What the list is called, for screen readers and the load failure: "Journal entries". */
  listLabel: string;
  /** The first page and the total, as the identifier detail carries them. */
  firstPage: RelatedItems[K][];
  total: number;
  empty: string;
  renderItem: (item: RelatedItems[K]) => ReactNode;
}

/**
 * A section of the identifier detail listing a page of related records with their total: the first
 * page comes with the detail, the next ones from the identifier's paged sub-resource.
 */
export function DetailPagedSection<K extends RelatedKind>({
  identifierId,
  kind,
  id,
  title,
  listLabel,
  firstPage,
  total,
  empty,
  renderItem,
}: DetailPagedSectionProps<K>) {
  const [page, setPage] = useState(1);
  const query = useIdentifierRelated(identifierId, kind, page);
  const later = page > 1 ? query.data : undefined;
  const items = page === 1 ? firstPage : later?.data;
  const pagination = later?.pagination ?? toPagination(page, RELATED_PAGE_SIZE, total);

  let body: ReactNode;
  if (page > 1 && query.isError) {
    body = (
      <InlineNotification
        kind="error"
        lowContrast
        hideCloseButton
        title={`${listLabel} could not be loaded`}
        subtitle={errorMessage(query.error, 'Please try again')}
      />
    );
  } else if (!items) {
    body = <SkeletonText paragraph lineCount={3} />;
  } else if (items.length === 0) {
    body = <DetailEmpty>{empty}</DetailEmpty>;
  } else {
    body = (
      <ul className="identifier-detail__items" aria-label={listLabel} aria-busy={query.isPlaceholderData}>
        {items.map((item) => (
          <li key={item.id} className="identifier-detail__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <DetailSection id={id} title={title} count={pagination.totalItems}>
      {body}
      <SectionPager
        page={page}
        pageSize={RELATED_PAGE_SIZE}
        pagination={pagination}
        disabled={page > 1 && (query.isPending || query.isPlaceholderData)}
        onPage={setPage}
      />
    </DetailSection>
  );
}
