import { Link } from 'react-router';
import { EMPTY_CELL } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface GroupCasesLinkProps {
  group: { id: string; name: string; caseCount?: number };
}

/**
 * A group's count of cases, opening the case list filtered to the group. The count is of the cases the
 * reader may see, so it links only when there is one to show; absent without case.view: a dash.
 */
export function GroupCasesLink({ group }: GroupCasesLinkProps) {
  const count = group.caseCount;
  if (count === undefined) return EMPTY_CELL;
  if (count === 0) return count;
  return (
    <Link
      className="cds--link"
      to={paths.cases(new URLSearchParams({ groupId: group.id }))}
      aria-label={`${count} ${count === 1 ? 'case' : 'cases'} of ${group.name}`}
    >
      {count}
    </Link>
  );
}
