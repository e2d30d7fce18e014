import { Link } from '@carbon/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { EVIDENCE_KIND_LABELS } from '@scamtrail/domain/evidence';
import { evidenceListFilters, evidenceListQueryOptions } from '../api/get-evidence-list';
import { readEvidenceParams, writeEvidenceParams } from './evidence-list-params';
import { CaseRefLink } from '../../../components/case-ref-link';
import {
  exactCount,
  SEARCH_PAGE_SIZE,
  SearchSection,
  sectionResult,
} from '../../../components/search-section';
import { paths } from '../../../lib/paths';

/**
 * Evidence whose title or file name holds the text, newest first, each with its kind, its file name
 * (what matched, when the title does not say it) and its case. Each opens its detail on /evidence.
 */
export function EvidenceHits({ search }: { search: string }) {
  const params = { ...readEvidenceParams(new URLSearchParams(), ''), search, pageSize: SEARCH_PAGE_SIZE };
  // Without the list's placeholder: a new text shows its skeleton, not the previous text's hits.
  const query = useQuery({ ...evidenceListQueryOptions(params), placeholderData: undefined });
  const items = query.data?.data ?? [];
  const result = sectionResult(query, exactCount);

  return (
    <SearchSection
      id="evidence"
      title="Evidence"
      plural="evidence items"
      result={result}
      empty={`No evidence matches “${search}”.`}
      listPath={paths.evidence(writeEvidenceParams(new URLSearchParams(), '', { search }))}
      csv={{ path: '/evidence', filters: evidenceListFilters(params) }}
    >
      {items.map((item) => (
        <li key={item.id} className="search-hit">
          <Link as={RouterLink} to={paths.evidence({ open: item.id })}>
            {item.title}
          </Link>
          <span className="search-hit__meta">
            {[EVIDENCE_KIND_LABELS[item.kind], item.fileName].filter(Boolean).join(' · ')}
            {/* Absent when the person may not read cases: then no case is named at all. */}
            {item.case !== undefined && ' · '}
            {item.case ? <CaseRefLink caseRef={item.case} showTitle /> : item.case === null && 'No case'}
          </span>
        </li>
      ))}
    </SearchSection>
  );
}
