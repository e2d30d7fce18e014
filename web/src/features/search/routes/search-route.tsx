import { Search } from '@carbon/react';
import { Locked, Search as SearchIcon } from '@carbon/icons-react';
import type { ComponentType } from 'react';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { CaseHits } from '../components/case-hits';
import { EvidenceHits } from '../components/evidence-hits';
import { IdentifierHits } from '../components/identifier-hits';
import { JournalHits } from '../components/journal-hits';
import { useSearchParam } from '../components/use-search-param';
import '../components/search.scss';

const PAGE = {
  breadcrumbs: [{ label: 'Home', to: '/' }],
  title: 'Search',
  description: 'One search across the cases, journal entries, identifiers and evidence you may see.',
};

interface Section {
  /** Every permission the section's call needs. */
  permissions: Permission[];
  /** What the section looks in, for the prompt shown before anything is typed. */
  searches: string;
  Hits: ComponentType<{ search: string }>;
}

/** The sections, in the order shown; each only for a user who may view its records. */
const SECTIONS: Section[] = [
  { permissions: ['case.view'], searches: 'cases by title', Hits: CaseHits },
  {
    permissions: ['journal_entry.view', 'case.view'],
    searches: 'journal entries by what they say',
    Hits: JournalHits,
  },
  {
    permissions: ['identifier.view'],
    searches: 'identifiers by value (however it is written)',
    Hits: IdentifierHits,
  },
  { permissions: ['evidence.view'], searches: 'evidence by title or file name', Hits: EvidenceHits },
];

const listFormat = new Intl.ListFormat('en-US');

/**
 * Search (/search?q=): the text in `q` looked for among cases, journal entries, identifiers and evidence at once, each in
 * a section of its own made of the calls its list makes, so the server checks every permission as it
 * does there. The header's search opens it.
 */
export function SearchRoute() {
  const { user } = useSession();
  const sections = SECTIONS.filter((section) =>
    section.permissions.every((permission) => hasPermission(user?.permissions, permission)),
  );
  if (sections.length === 0) {
    return (
      <PageLayout {...PAGE}>
        <EmptyState
          icon={Locked}
          title="You cannot search anything"
          description="Search looks through cases, journal entries, identifiers and evidence, and your role may view none of them. Ask an administrator if you need it."
        />
      </PageLayout>
    );
  }
  return <SearchPage sections={sections} />;
}

function SearchPage({ sections }: { sections: Section[] }) {
  const { search, text, setText, submit } = useSearchParam();
  return (
    <PageLayout {...PAGE}>
      <form
        className="global-search__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Search
          id="global-search"
          size="lg"
          labelText="Search text"
          placeholder="Case title, words in an entry, e-mail, phone, wallet, file name..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {search ? (
        <div className="global-search__sections">
          {sections.map(({ searches, Hits }) => (
            <Hits key={searches} search={search} />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={SearchIcon}
          title="Type what you are looking for"
          description={`Finds ${listFormat.format(sections.map((section) => section.searches))}.`}
        />
      )}
    </PageLayout>
  );
}
