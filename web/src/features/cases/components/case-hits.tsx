import { useQuery } from '@tanstack/react-query';
import { CasePriorityTag, CaseStatusTag } from '../../../components/case-tags';
import { casesQueryOptions } from '../api/get-cases';
import { caseListFilters } from '../api/cases-request';
import { CaseRefLink } from '../../../components/case-ref-link';
import { paths } from '../../../lib/paths';
import { readCaseListParams, writeCaseListParams } from './cases-list-params';
import {
  exactCount,
  SEARCH_PAGE_SIZE,
  SearchSection,
  sectionResult,
} from '../../../components/search-section';

/** Cases whose title holds the text, latest activity first (the case list's default order). */
export function CaseHits({ search }: { search: string }) {
  const params = { ...readCaseListParams(new URLSearchParams()), search, pageSize: SEARCH_PAGE_SIZE };
  // Without the list's placeholder: a new text shows its skeleton, not the previous text's hits.
  const query = useQuery({ ...casesQueryOptions(params), placeholderData: undefined });
  const items = query.data?.data ?? [];
  const result = sectionResult(query, exactCount);

  return (
    <SearchSection
      id="cases"
      title="Cases"
      plural="cases"
      result={result}
      empty={`No cases match “${search}”.`}
      listPath={paths.cases(writeCaseListParams(new URLSearchParams(), { search }))}
      csv={{ path: '/cases', filters: caseListFilters(params) }}
    >
      {items.map((item) => (
        <li key={item.id} className="search-hit">
          <CaseRefLink caseRef={item} showTitle />
          <span className="search-hit__tags">
            <CaseStatusTag status={item.status} size="sm" />
            <CasePriorityTag priority={item.priority} size="sm" />
          </span>
        </li>
      ))}
    </SearchSection>
  );
}
