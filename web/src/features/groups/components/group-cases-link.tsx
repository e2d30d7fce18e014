import { Link } from 'react-router';
import { EMPTY_CELL, pluralise } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import './group-cases-link.scss';

interface GroupCasesLinkProps {
  group: { id: string; name: string; caseCount?: number };
  /**
   * `phrase` ("2 cases") where the count stands alone, as on the group's page; `count` ("2") in a
   * column whose header says what is counted.
   */
  variant?: 'phrase' | 'count';
}

/**
 * A group's count of cases, opening the case list filtered to the group. The count is of the cases the
 * reader may see, so it links only when there is one to show; absent without case.view: a dash. The
 * link is at least 24 by 24 CSS pixels, a single digit too.
 */
export function GroupCasesLink({ group, variant = 'phrase' }: GroupCasesLinkProps) {
  const count = group.caseCount;
  if (count === undefined) return EMPTY_CELL;
  const text = variant === 'phrase' ? pluralise(count, 'case') : count;
  if (count === 0) return text;
  return (
    <Link
      className="cds--link group-cases-link"
      to={paths.cases(new URLSearchParams({ groupId: group.id }))}
      aria-label={`${pluralise(count, 'case')} of ${group.name}`}
    >
      {text}
    </Link>
  );
}
