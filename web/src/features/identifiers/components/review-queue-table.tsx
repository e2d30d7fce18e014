import { Link } from '@carbon/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatConfidence } from '@scamtrail/domain/identifiers/confidence';
import type { ReviewStatus } from '@scamtrail/domain/identifiers/review';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EMPTY_CELL } from '../../../lib/format';
import { DateTimeText } from '../../../components/date-time-text';
import type { ReviewQueueItem } from '../api/identifier-types';
import { OriginatorCell } from './originator-cell';

const COLUMNS: TableColumn[] = [
  { key: 'identifier', header: 'Identifier' },
  { key: 'type', header: 'Type' },
  { key: 'confidence', header: 'Confidence' },
  { key: 'reportedBy', header: 'Reported by' },
  { key: 'recorded', header: 'Recorded' },
];
/**
 * Shown for decided identifiers: who decided and when (one column, the time under the name), and why.
 * The reviewer is named in plain text (the detail has their badge), which wraps where a badge would not.
 */
const DECISION_COLUMNS: TableColumn[] = [
  { key: 'reviewed', header: 'Reviewed' },
  { key: 'note', header: 'Note' },
];

const TITLES: Record<ReviewStatus, string> = {
  pending: 'Awaiting review',
  confirmed: 'Confirmed identifiers',
  rejected: 'Rejected identifiers',
};

interface ReviewQueueTableProps {
  status: ReviewStatus;
  items: ReviewQueueItem[];
  /** First load: a skeleton instead of rows. */
  isLoading: boolean;
  pageSize: number;
  /** The link (search part) that opens an identifier's review. */
  detailSearch: (id: string) => string;
  emptyState: ReactNode;
}

/**
 * The queue: each identifier's value (which opens its review), type, confidence, who reported it and
 * when; for decided identifiers also who decided, when, and the note. On a phone each row is a card.
 */
export function ReviewQueueTable({
  status,
  items,
  isLoading,
  pageSize,
  detailSearch,
  emptyState,
}: ReviewQueueTableProps) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const isDecided = status !== 'pending';
  const rows = items.map((item) => ({
    id: item.id,
    identifier: item.displayValue,
    type: item.typeLabel,
    confidence: formatConfidence(item.confidence),
    reportedBy: item.originator?.displayName ?? EMPTY_CELL,
    recorded: item.createdAt,
    reviewed: item.review.reviewedBy?.displayName ?? EMPTY_CELL,
    note: item.review.note ?? EMPTY_CELL,
  }));
  const item = (id: string) => byId.get(id)!;

  return (
    <AppDataTable
      // Another status has other columns: a table of its own rather than one whose columns change.
      key={status}
      title={TITLES[status]}
      headers={isDecided ? [...COLUMNS, ...DECISION_COLUMNS] : COLUMNS}
      rows={rows}
      sortable={false}
      paginate={false}
      loading={isLoading}
      pageSize={Math.min(pageSize, 10)}
      emptyState={emptyState}
      renderCell={{
        identifier: (row) => (
          <Link as={RouterLink} to={{ search: detailSearch(row.id) }} className="review-queue__value">
            {row.identifier}
          </Link>
        ),
        reportedBy: (row) => <OriginatorCell originator={item(row.id).originator} />,
        recorded: (row) => <DateTimeText value={item(row.id).createdAt} fallback={EMPTY_CELL} />,
        reviewed: (row) => (
          <>
            <span className="review-queue__reviewer">{row.reviewed}</span>
            <DateTimeText value={item(row.id).review.reviewedAt} fallback={EMPTY_CELL} />
          </>
        ),
        note: (row) => <span className="review-queue__note">{row.note}</span>,
      }}
    />
  );
}
