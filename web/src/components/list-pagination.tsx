import { Pagination } from '@carbon/react';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';
import { itemRangeText } from '../lib/format';

// A module of its own, so code that only reads a page size (route prefetching) does not load Carbon.

interface ListPaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  /** A new page size starts again at page 1. */
  onChange: (page: number, pageSize: number) => void;
}

/** Pagination under a server-side list; hidden while there is nothing to page through. */
export function ListPagination({ page, pageSize, totalItems, onChange }: ListPaginationProps) {
  if (totalItems === 0) return null;
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      pageSizes={LIST_PAGE_SIZES}
      totalItems={totalItems}
      itemRangeText={itemRangeText}
      onChange={({ page: nextPage, pageSize: nextSize }) =>
        onChange(nextSize === pageSize ? nextPage : 1, nextSize)
      }
    />
  );
}
