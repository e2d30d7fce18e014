import { Link } from '@carbon/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { JOURNAL_ENTRY_TYPE_LABELS } from '@scamtrail/domain/journal-entries';
import { formatDateTime } from '../../../lib/format';
import { LINKING_ENTRIES_PAGE_SIZE, useEvidenceEntries } from '../api/get-evidence-entries';
import type { LinkingEntry } from '../api/evidence-types';
import { SectionLoadState } from '../../../components/section-load-state';
import { caseLabel } from '@scamtrail/domain/case-labels';
import { SectionPager } from '../../../components/section-pager';
import { paths } from '../../../lib/paths';

function EntrySummary({ entry }: { entry: LinkingEntry }) {
  const text = entry.summary || 'No description';
  if (!entry.case) return <span className="evidence-links__value">{text}</span>;
  return (
    <Link
      as={RouterLink}
      to={paths.caseDetail(entry.case.id, { tab: 'timeline' })}
      className="evidence-links__value"
    >
      {text}
    </Link>
  );
}

/**
 * The journal entries that link the item, latest first: type, when, the first line of the description
 * (opening the case's timeline) and the case. Removed entries and those of hidden cases are not listed.
 */
export function EvidenceEntries({ evidenceId }: { evidenceId: string }) {
  const [page, setPage] = useState(1);
  const query = useEvidenceEntries(evidenceId, page);
  if (query.isPending || query.isError) {
    return <SectionLoadState query={query} errorTitle="The journal entries could not be loaded" />;
  }
  const { data, pagination } = query.data;
  if (data.length === 0) {
    return <p className="evidence-links__empty">No journal entry links this evidence.</p>;
  }
  return (
    <div className="evidence-links">
      <ul className="evidence-links__list" aria-label="Journal entries">
        {data.map((entry) => (
          <li key={entry.id} className="evidence-links__item">
            <div className="evidence-links__main">
              <EntrySummary entry={entry} />
              <span className="evidence-links__meta">
                {JOURNAL_ENTRY_TYPE_LABELS[entry.type]}
                {' · '}
                <time dateTime={entry.performedAt}>{formatDateTime(entry.performedAt)}</time>
                {/* Absent when the person may not read cases: then no case is named at all. */}
                {entry.case !== undefined && ' · '}
                {entry.case ? caseLabel(entry.case) : entry.case === null && 'Not in a case yet'}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {
        <SectionPager
          page={page}
          pageSize={LINKING_ENTRIES_PAGE_SIZE}
          pagination={pagination}
          disabled={query.isPlaceholderData}
          onPage={setPage}
        />
      }
    </div>
  );
}
