import { Pagination } from '@carbon/react';

/** Page sizes of server-side lists (as the identifier list, spec 9). */
export const LIST_PAGE_SIZES = [25, 50, 100];

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
      onChange={({ page: nextPage, pageSize: nextSize }) =>
        onChange(nextSize === pageSize ? nextPage : 1, nextSize)
      }
    />
  );
}
