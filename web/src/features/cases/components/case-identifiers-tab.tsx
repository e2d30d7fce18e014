import { FingerprintRecognition } from '@carbon/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CaseIdentifier } from '@scamtrail/domain/cases';
import { AppDataTable } from '../../../components/data-table/app-data-table';
import type { TableColumn } from '../../../components/data-table/data-table-types';
import { EmptyState } from '../../../components/empty-state';
import { LIST_PAGE_SIZES } from '@scamtrail/domain/page-sizes';
import { ListResults } from '../../../components/list-results';
import { useCaseIdentifiers } from '../api/get-case-identifiers';
import { CaseRefLink } from '../../../components/case-ref-link';
import { paths } from '../../../lib/paths';
import { EMPTY_CELL } from '../../../lib/format';

const COLUMNS: TableColumn[] = [
  { key: 'displayValue', header: 'Identifier' },
  { key: 'typeLabel', header: 'Type' },
  { key: 'entryCount', header: 'Entries in this case' },
  { key: 'otherCaseCount', header: 'Other cases' },
];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Also in 2 other cases: #12, #15": links to the cases the caller may see. */
function OtherCases({ identifier }: { identifier: CaseIdentifier }) {
  const { otherCaseCount, otherCases } = identifier;
  if (otherCaseCount === 0) return <span className="case-detail__muted">Only in this case</span>;
  const more = otherCaseCount - otherCases.length;
  return (
    <span className="case-identifiers__others">
      <span>Also in {plural(otherCaseCount, 'other case', 'other cases')}:</span>
      <span className="case-identifiers__other-links">
        {otherCases.map((other) => (
          <CaseRefLink key={other.id} caseRef={other} />
        ))}
        {more > 0 && <span className="case-detail__muted">and {more} more</span>}
      </span>
    </span>
  );
}

/** The Identifiers tab: every identifier the case's entries name, with the other cases naming it. */
export function CaseIdentifiersTab({ caseId }: { caseId: string }) {
  const [page, setPage] = useState({ page: 1, pageSize: LIST_PAGE_SIZES[0] });
  const query = useCaseIdentifiers(caseId, page);
  const items = query.data?.data ?? [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const rows = items.map((item) => ({
    id: item.id,
    displayValue: item.displayValue,
    typeLabel: item.typeLabel,
    entryCount: item.entryCount,
    otherCaseCount: item.otherCaseCount,
  }));

  return (
    <ListResults
      query={query}
      errorTitle="Failed to load the case's identifiers"
      pagination={{ ...page, onChange: (next, pageSize) => setPage({ page: next, pageSize }) }}
    >
      <AppDataTable
        title="Identifiers"
        description="Named by this case's journal entries or linked to its evidence"
        headers={COLUMNS}
        rows={rows}
        sortable={false}
        paginate={false}
        loading={query.isPending}
        pageSize={10}
        emptyState={
          <EmptyState
            icon={FingerprintRecognition}
            title="No identifiers yet"
            description="Identifiers linked to this case's journal entries or evidence appear here."
          />
        }
        renderCell={{
          displayValue: (row) => (
            <Link className="cds--link" to={paths.identifiers({ open: row.id })}>
              {row.displayValue}
            </Link>
          ),
          // Absent for a reader without journal_entry.view: a dash, never 0.
          entryCount: (row) =>
            row.entryCount === undefined ? EMPTY_CELL : plural(row.entryCount, 'entry', 'entries'),
          otherCaseCount: (row) => <OtherCases identifier={byId.get(row.id)!} />,
        }}
      />
    </ListResults>
  );
}
