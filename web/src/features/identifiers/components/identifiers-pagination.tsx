import { Pagination } from '@carbon/react';
import { ESTIMATED_TOTAL_TEXT, itemRangeText } from '../../../lib/format';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';

interface IdentifiersPaginationProps {
  page: number;
  pageSize: number;
  totalItems: number;
  /** The server counted up to 10,000 and estimated the rest. */
  totalIsEstimate: boolean;
  /** The current page is shorter than a full page, so it is the last. */
  isLastPage: boolean;
  disabled?: boolean;
  onChange: (change: { page: number; pageSize: number }) => void;
}

/** Pages of 25, 50 or 100 (spec 9). An estimated total reads "10,000+" and pages are not counted. */
export function IdentifiersPagination(props: IdentifiersPaginationProps) {
  const { page, pageSize, totalItems, totalIsEstimate } = props;
  return (
    <Pagination
      page={page}
      pageSize={pageSize}
      pageSizes={LIST_PAGE_SIZES}
      totalItems={totalItems}
      pagesUnknown={totalIsEstimate}
      isLastPage={props.isLastPage}
      disabled={props.disabled}
      itemRangeText={itemRangeText}
      itemText={(min, max) => `${min}–${max} of ${ESTIMATED_TOTAL_TEXT} items`}
      pageText={(current) => `Page ${current.toLocaleString('en-US')}`}
      onChange={({ page: nextPage, pageSize: nextSize }) =>
        props.onChange({ page: nextPage, pageSize: nextSize })
      }
    />
  );
}
