import { Link, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@carbon/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { SectionLoadState } from '../../../components/section-load-state';
import { EMPTY_CELL, formatDateTime } from '../../../lib/format';
import {
  STACKED_ROW_CLASS,
  STACKED_TABLE_CLASS,
  stackedCellProps,
} from '../../../components/data-table/stacked-table';
import { CUSTODY_PAGE_SIZE, useEvidenceCustody } from '../api/get-evidence-custody';
import {
  custodyActionText,
  custodyActorText,
  custodyDetailParts,
  type CustodyDetailPart,
} from './evidence-format';
import { SectionPager } from '../../../components/section-pager';

const HEADERS = [
  { key: 'action', header: 'Action' },
  { key: 'actor', header: 'By' },
  { key: 'time', header: 'When' },
  { key: 'detail', header: 'Detail' },
];

/** The action cell: the stacked row's heading on a phone. */
const ACTION_CELL = stackedCellProps(0, HEADERS[0]);

/** A row's detail: its words, the case or entry it names linking to where it is read. */
function CustodyDetail({ parts }: { parts: CustodyDetailPart[] }) {
  if (parts.every((part) => !part.text)) return <>{EMPTY_CELL}</>;
  return (
    <>
      {parts.map((part, i) =>
        part.to ? (
          <Link key={i} as={RouterLink} to={part.to} inline>
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** The item's chain of custody, oldest first: what was done, by whom, when, with its detail. */
export function EvidenceCustody({ evidenceId }: { evidenceId: string }) {
  const [page, setPage] = useState(1);
  const query = useEvidenceCustody(evidenceId, page);
  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} errorTitle="The chain of custody could not be loaded" lineCount={3} />
    );
  }
  const { data, pagination } = query.data;
  return (
    <div className={`evidence-custody ${STACKED_TABLE_CLASS}`}>
      <Table size="sm" aria-label="Chain of custody">
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableHeader key={header.key}>{header.header}</TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((event) => (
            <TableRow key={event.id} className={STACKED_ROW_CLASS}>
              <TableCell
                {...ACTION_CELL}
                className={`${ACTION_CELL.className ?? ''} evidence-custody__action`}
              >
                {custodyActionText(event.action)}
              </TableCell>
              <TableCell {...stackedCellProps(1, HEADERS[1])} className="evidence-custody__nowrap">
                {custodyActorText(event.actor)}
              </TableCell>
              <TableCell {...stackedCellProps(2, HEADERS[2])} className="evidence-custody__nowrap">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              </TableCell>
              <TableCell {...stackedCellProps(3, HEADERS[3])} className="evidence-custody__detail">
                <CustodyDetail parts={custodyDetailParts(event)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {
        <SectionPager
          page={page}
          pageSize={CUSTODY_PAGE_SIZE}
          pagination={pagination}
          disabled={query.isPlaceholderData}
          onPage={setPage}
        />
      }
    </div>
  );
}
