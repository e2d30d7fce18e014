import { Link } from '@carbon/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { JOURNAL_ENTRY_TYPE_LABELS, type JournalEntryHit } from '@scamtrail/domain/journal-entries';
import { SectionPager } from '../../../../components/section-pager';
import { MarkedText } from '../../../../components/marked-text';
import { formatDateTime } from '../../../../lib/format';
import { journalSearchFilters, journalSearchQueryOptions } from '../api/journal-search';
import { CaseRefLink } from '../../../../components/case-ref-link';
import { writeTimelineParams } from './timeline-params';
import { SEARCH_PAGE_SIZE, SearchSection, sectionResult } from '../../../../components/search-section';
import { paths } from '../../../../lib/paths';

/** The case's timeline, filtered by the same text, where the entry is read in its place. */
function timelinePath(hit: JournalEntryHit, search: string): string {
  const params = writeTimelineParams(new URLSearchParams({ tab: 'timeline' }), { search });
  return paths.caseDetail(hit.case.id, params);
}

/**
 * Journal entries whose description holds the text, across every case the user may see, latest first:
 * the entry's type and time (opening its case's timeline filtered by the same text), the words around
 * the match, marked, then who wrote it and the case. No list screen shows every case's journal, so the
 * section pages in place rather than linking to one.
 */
export function JournalHits({ search }: { search: string }) {
  const [page, setPage] = useState({ search, page: 1 });
  // A new text starts again at page 1.
  const current = page.search === search ? page.page : 1;
  const params = { search, page: current, pageSize: SEARCH_PAGE_SIZE };
  const options = journalSearchQueryOptions(params);
  // Paging keeps the page on screen while the next loads; a new text shows its skeleton instead.
  const query = useQuery({ ...options, placeholderData: current > 1 ? options.placeholderData : undefined });
  const hits = query.data?.data ?? [];
  const result = sectionResult(query, (data) => ({
    total: data.pagination.totalItems,
    totalIsEstimate: false,
    totalIsCapped: data.totalIsCapped,
    shown: data.data.length,
  }));

  return (
    <SearchSection
      id="journal"
      title="Journal entries"
      plural="journal entries"
      result={result}
      empty={`No journal entries mention “${search}”.`}
      footer={
        query.data && (
          <SectionPager
            page={current}
            pageSize={SEARCH_PAGE_SIZE}
            pagination={query.data.pagination}
            disabled={query.isPlaceholderData}
            onPage={(next) => setPage({ search, page: next })}
          />
        )
      }
      csv={{ path: '/journal-entries', filters: journalSearchFilters({ search }) }}
    >
      {hits.map((hit) => (
        <li key={hit.id} className="search-hit search-hit--entry">
          <Link as={RouterLink} to={timelinePath(hit, search)}>
            {/* One flex item: Carbon's link is a flex box, which would drop the space after the comma. */}
            <span>
              {JOURNAL_ENTRY_TYPE_LABELS[hit.type]},{' '}
              <time dateTime={hit.performedAt}>{formatDateTime(hit.performedAt)}</time>
            </span>
          </Link>
          <p className="search-hit__excerpt">
            <MarkedText text={hit.excerpt} term={search} />
          </p>
          <span className="search-hit__meta">
            {hit.originator && `${hit.originator.displayName} · `}
            <CaseRefLink caseRef={hit.case} showTitle />
          </span>
        </li>
      ))}
    </SearchSection>
  );
}
