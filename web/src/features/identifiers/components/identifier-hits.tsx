import { Link } from '@carbon/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { identifiersQueryOptions } from '../api/get-identifiers';
import { identifierListFilters } from '../api/identifiers-request';
import { useIdentifierMatches } from '../api/get-identifier-matches';
import type { IdentifierItem } from '../api/identifier-types';
import { MATCHES_TITLE } from './identifier-matches-notice';
import { readListParams, writeListParams } from '../utils/list-params';
import { SEARCH_PAGE_SIZE, SearchSection, sectionResult } from '../../../components/search-section';
import { paths } from '../../../lib/paths';

/** An identifier whose display value does not hold the text: marked "written differently". */
function isWrittenDifferently(item: IdentifierItem, search: string): boolean {
  return !item.displayValue.toLowerCase().includes(search.toLowerCase());
}

/**
 * Identifiers the text is, however it was written (`GET /api/identifiers/matches`), first, then those
 * whose display value holds it, newest first, each once. Each opens its detail in the identifier list.
 */
export function IdentifierHits({ search }: { search: string }) {
  const params = { ...readListParams(new URLSearchParams()), search, pageSize: SEARCH_PAGE_SIZE };
  // Without the list's placeholder: a new text shows its skeleton, not the previous text's hits.
  const query = useQuery({ ...identifiersQueryOptions(params), placeholderData: undefined });
  // Asked only when the text may be an identifier (a digit or an @). Without an answer the section
  // still lists what the display-value search finds, as the identifier list does.
  const matches = useIdentifierMatches(search);
  const exact = matches.data?.data ?? [];
  const exactIds = new Set(exact.map((item) => item.id));
  const items = [...exact, ...(query.data?.data ?? []).filter((item) => !exactIds.has(item.id))];
  const result = matches.isLoading
    ? { status: 'pending' as const }
    : sectionResult(query, (data) => ({
        // Counted by the server: the list's matches and the key matches it misses, each once.
        total: data.totalWithMatches,
        totalIsEstimate: data.totalIsEstimate,
        shown: items.length,
      }));

  return (
    <SearchSection
      id="identifiers"
      title="Identifiers"
      plural="identifiers"
      result={result}
      empty={`No identifiers match “${search}”.`}
      listPath={paths.identifiers(writeListParams(new URLSearchParams(), { search }))}
      csv={{ path: '/identifiers', filters: identifierListFilters(params) }}
    >
      {items.map((item) => (
        <li key={item.id} className="search-hit">
          <Link as={RouterLink} to={paths.identifiers({ open: item.id })}>
            {item.displayValue}
          </Link>
          <span className="search-hit__meta">
            {item.typeLabel}
            {exactIds.has(item.id) && isWrittenDifferently(item, search) && ` · ${MATCHES_TITLE}`}
          </span>
        </li>
      ))}
    </SearchSection>
  );
}
