import { CaseHits } from '../../features/cases/components/case-hits';
import { JournalHits } from '../../features/cases/journal/components/journal-hits';
import { EvidenceHits } from '../../features/evidence/components/evidence-hits';
import { IdentifierHits } from '../../features/identifiers/components/identifier-hits';
import { SearchRoute, type SearchHits } from '../../features/search/routes/search-route';

const HITS: SearchHits = {
  cases: CaseHits,
  journal: JournalHits,
  identifiers: IdentifierHits,
  evidence: EvidenceHits,
};

/** /search: the search page, each section listing the hits of the feature whose records they are. */
export function SearchScreen() {
  return <SearchRoute hits={HITS} />;
}
