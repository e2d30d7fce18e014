import { Pagination } from '@carbon/react';
import type { Pagination as PageInfo } from '@scamtrail/domain/pagination';
import { itemRangeText } from '../lib/format';

interface SectionPagerProps {
  page: number;
  pageSize: number;
  pagination: PageInfo;
  /** The next page is loading: the pager waits for it. */
  disabled: boolean;
  onPage: (page: number) => void;
}

/** The pager of a section of the evidence detail (custody, identifiers, entries): a fixed page size, shown only past one page. */
export function SectionPager({ page, pageSize, pagination, disabled, onPage }: SectionPagerProps) {
  if (pagination.totalPages <= 1) return null;
  return (
    <Pagination
      size="sm"
      page={page}
      pageSize={pageSize}
      pageSizes={[pageSize]}
      pageSizeInputDisabled
      totalItems={pagination.totalItems}
      itemRangeText={itemRangeText}
      disabled={disabled}
      onChange={({ page: next }) => onPage(next)}
    />
  );
}
