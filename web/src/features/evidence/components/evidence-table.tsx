import {
  DataTable,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
  Tag,
} from '@carbon/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_KIND_LABELS } from '@scamtrail/domain/evidence';
import { EMPTY_CELL, formatDate, formatDateTime, formatTime } from '../../../lib/format';
import {
  STACKED_ROW_CLASS,
  STACKED_TABLE_CLASS,
  stackedCellProps,
} from '../../../components/data-table/stacked-table';
import { TableLoading } from '../../../components/data-table/table-loading';
import { OriginatorBadge } from '../../../components/originator-badge/originator-badge';
import type { EvidenceItem } from '../api/evidence-types';
import { EVIDENCE_KIND_ICONS } from '../../../components/evidence-kind-icons';
import { formatBytes } from './evidence-format';
import { paths } from '../../../lib/paths';

const ALL_HEADERS = [
  { key: 'title', header: 'Title' },
  { key: 'kind', header: 'Kind' },
  { key: 'size', header: 'Size' },
  { key: 'case', header: 'Case' },
  { key: 'tags', header: 'Tags' },
  { key: 'addedBy', header: 'Added by' },
  { key: 'addedAt', header: 'Added at' },
];

/** The columns a case's own evidence table leaves out (see `showCase`). */
const IN_CASE_HIDDEN = new Set(['case', 'size', 'kind']);

interface EvidenceTableProps {
  items: EvidenceItem[];
  isLoading: boolean;
  pageSize: number;
  /**
   * Inside a case the Case column says nothing, and the table shares the page's width with the related
   * cases: the Case, Size and Kind columns are left out (the title's icon names the kind; the detail
   * has the size). No list shows the media type: the kind says it in words, the detail in full.
   */
  showCase: boolean;
  toolbar: ReactNode;
  emptyState: ReactNode;
  pagination: ReactNode;
  /** The link (search part) that opens an item's detail. */
  detailSearch: (id: string) => string;
}

function cellFor(item: EvidenceItem, key: string): ReactNode {
  switch (key) {
    case 'title': {
      const Icon = EVIDENCE_KIND_ICONS[item.kind];
      return (
        <span className="evidence-table__title">
          <Icon aria-hidden className="evidence-table__icon" />
          <span>{item.title}</span>
        </span>
      );
    }
    case 'kind':
      return EVIDENCE_KIND_LABELS[item.kind];
    case 'size':
      return formatBytes(item.size);
    case 'case':
      return item.case ? (
        <Link as={RouterLink} to={paths.caseDetail(item.case.id)} title={item.case.title}>
          #{item.case.number}
        </Link>
      ) : (
        EMPTY_CELL
      );
    case 'tags':
      return item.tags.length ? (
        <ul className="tag-list" aria-label="Tags">
          {item.tags.map((tag) => (
            <li key={tag.id}>
              <Tag type={tag.color} size="sm">
                {tag.name}
              </Tag>
            </li>
          ))}
        </ul>
      ) : (
        EMPTY_CELL
      );
    case 'addedBy':
      return item.originator ? <OriginatorBadge originator={item.originator} /> : EMPTY_CELL;
    default:
      return (
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatDate(item.createdAt)}
          <span className="evidence-table__secondary">{formatTime(item.createdAt)}</span>
        </time>
      );
  }
}

/** Short values keep to one line, so the title has the room it needs. */
const CELL_CLASS: Partial<Record<string, string>> = {
  title: 'evidence-table__cell--title',
  kind: 'evidence-table__cell--nowrap',
  size: 'evidence-table__cell--nowrap',
  case: 'evidence-table__cell--nowrap',
  addedAt: 'evidence-table__cell--nowrap',
};

function cellProps(index: number, header: { key: string; header: string }) {
  const props = stackedCellProps(index, header);
  return {
    ...props,
    className: [props.className, CELL_CLASS[header.key]].filter(Boolean).join(' ') || undefined,
  };
}

/** The evidence of a page: title with its kind, size, case, tags, who added it and when. */
export function EvidenceTable(props: EvidenceTableProps) {
  const { items, toolbar, emptyState, pagination } = props;
  const headers = props.showCase ? ALL_HEADERS : ALL_HEADERS.filter((h) => !IN_CASE_HIDDEN.has(h.key));
  const kindInTitle = !headers.some((header) => header.key === 'kind');
  const byId = new Map(items.map((item) => [item.id, item]));
  const rows = items.map((item) => ({ id: item.id, title: item.title }));

  return (
    <DataTable rows={rows} headers={headers} size="lg">
      {({ rows: tableRows, getHeaderProps, getRowProps, getTableProps, getTableContainerProps }) => (
        <TableContainer {...getTableContainerProps()} className={`evidence-table ${STACKED_TABLE_CLASS}`}>
          {toolbar}
          {props.isLoading ? (
            <TableLoading
              headers={headers}
              columnCount={headers.length}
              rowCount={Math.min(props.pageSize, 10)}
            />
          ) : (
            <>
              <Table {...getTableProps()} aria-label="Evidence">
                <TableHead>
                  <TableRow>
                    {headers.map((header) => {
                      const { key, ...headerProps } = getHeaderProps({ header });
                      return (
                        <TableHeader key={key} {...headerProps}>
                          {header.header}
                        </TableHeader>
                      );
                    })}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={headers.length} className="evidence-table__empty">
                        {emptyState}
                      </TableCell>
                    </TableRow>
                  )}
                  {tableRows.map((tableRow) => {
                    // DataTable syncs its rows a render late: skip rows of the previous page.
                    const item = byId.get(tableRow.id);
                    if (!item) return null;
                    const { key, ...rowProps } = getRowProps({ row: tableRow });
                    return (
                      <TableRow key={key} {...rowProps} className={STACKED_ROW_CLASS}>
                        {headers.map((header, index) => (
                          <TableCell key={header.key} {...cellProps(index, header)}>
                            {index === 0 ? (
                              <Link
                                as={RouterLink}
                                to={{ search: props.detailSearch(item.id) }}
                                className="evidence-table__link"
                              >
                                {cellFor(item, header.key)}
                              </Link>
                            ) : (
                              cellFor(item, header.key)
                            )}
                            {/* Without a Kind column the title's icon shows the kind; this says it. */}
                            {index === 0 && kindInTitle && (
                              <span className="cds--visually-hidden">
                                , {EVIDENCE_KIND_LABELS[item.kind]}
                              </span>
                            )}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              {pagination}
            </>
          )}
        </TableContainer>
      )}
    </DataTable>
  );
}
