import { Search } from '@carbon/react';
import { Locked, Search as SearchIcon } from '@carbon/icons-react';
import type { ComponentType } from 'react';
import { hasPermission, type Permission } from '@scamtrail/domain/permissions';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/page-layout';
import { useSession } from '../../../lib/session';
import { useSearchParam } from '../components/use-search-param';
import { sectionTrail } from '../../../app/breadcrumbs';
import '../components/search.scss';

const PAGE = {
  breadcrumbs: sectionTrail('search'),
  title: 'Search',
  description: 'One search across the cases, journal entries, identifiers and evidence you may see.',
};

type SectionId = 'cases' | 'journal' | 'identifiers' | 'evidence';

interface Section {
  id: SectionId;
  /** Every permission the section's call needs. */
  permissions: Permission[];
  /** What the section looks in, for the prompt shown before anything is typed. */
  searches: string;
}

/** The sections, in the order shown; each only for a user who may view its records. */
const SECTIONS: readonly Section[] = [
  { id: 'cases', permissions: ['case.view'], searches: 'cases by title, description or number' },
  {
    id: 'journal',
    permissions: ['journal_entry.view', 'case.view'],
    searches: 'journal entries by what they say',
  },
  {
    id: 'identifiers',
    permissions: ['identifier.view'],
    searches: 'identifiers by value (however it is written)',
  },
  { id: 'evidence', permissions: ['evidence.view'], searches: 'evidence by title, file name or text' },
];

/** Each section's hits, a SearchSection of the feature whose records it lists. */
export type SearchHits = Record<SectionId, ComponentType<{ search: string }>>;

const listFormat = new Intl.ListFormat('en-US');

/**
 * Search (/search?q=): the text in `q` looked for among cases, journal entries, identifiers and evidence at once, each in
 * a section of its own made of the calls its list makes, so the server checks every permission as it
 * does there. The header's search opens it. Each feature lists its own hits; the app hands them in
 * (app/screens/search-screen.tsx).
 */
export function SearchRoute({ hits }: { hits: SearchHits }) {
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
  return <SearchPage sections={sections} hits={hits} />;
}

function SearchPage({ sections, hits }: { sections: Section[]; hits: SearchHits }) {
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
          placeholder="Case title or #number, words in an entry, e-mail, phone, IBAN, wallet, file name..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {search ? (
        <div className="global-search__sections">
          {sections.map(({ id }) => {
            const Hits = hits[id];
            return <Hits key={id} search={search} />;
          })}
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
