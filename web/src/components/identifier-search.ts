import type { IdentifierItem, IdentifierMatches } from '@scamtrail/domain/identifiers/api';
import type { Pagination } from '@scamtrail/domain/pagination';
import { api } from '../lib/api-client';

/** What a picker shows of an identifier, and its data (to tell it apart from one found in text). */
export type IdentifierSearchResult = Pick<
  IdentifierItem,
  'id' | 'type' | 'typeLabel' | 'displayValue' | 'data'
>;

/**
 * Whether a search could be an identifier written differently. E-mail addresses hold an @; phone
 * numbers and wallet addresses hold digits. Anything else is left to the display-value search, without
 * asking the server for matches (it would find none).
 */
export function mayBeIdentifierValue(search: string): boolean {
  return /[\d@]/.test(search);
}

const summary = ({
  id,
  type,
  typeLabel,
  displayValue,
  data,
}: IdentifierSearchResult): IdentifierSearchResult => ({
  id,
  type,
  typeLabel,
  displayValue,
  data,
});

/**
 * The identifiers a picker offers for what was typed: those on record that the text is, however it was
 * written (`GET /api/identifiers/matches`: "+44 7700 900123" finds "+44 7700900123"), first, then those
 * whose display value holds it (`GET /api/identifiers?search=`), newest first, each once.
 */
export async function searchIdentifiers(
  search: string,
  pageSize: number,
  signal?: AbortSignal,
): Promise<IdentifierSearchResult[]> {
  const text = search.trim();
  const [matches, page] = await Promise.all([
    mayBeIdentifierValue(text)
      ? api
          .get<IdentifierMatches>('/identifiers/matches', { params: { value: text }, signal, silent: true })
          // Without them the picker still offers what the display-value search finds.
          .catch((): IdentifierMatches => ({ data: [] }))
      : { data: [] },
    api.get<{ data: IdentifierItem[]; pagination: Pagination }>('/identifiers', {
      params: { search: text || undefined, page: 1, pageSize },
      signal,
    }),
  ]);
  const exact = matches.data.map(summary);
  const seen = new Set(exact.map((item) => item.id));
  return [...exact, ...page.data.filter((item) => !seen.has(item.id)).map(summary)];
}
