import { Link } from 'react-router';
import type { CaseRef } from '@scamtrail/domain/cases';
import { paths } from '../lib/paths';

/** "#12" (or "#12 Title") linking to the case; its title is in the name either way. */
export function CaseRefLink({ caseRef, showTitle = false }: { caseRef: CaseRef; showTitle?: boolean }) {
  const name = `#${caseRef.number} ${caseRef.title}`;
  return (
    <Link
      className="cds--link"
      to={paths.caseDetail(caseRef.id)}
      title={showTitle ? undefined : caseRef.title}
      aria-label={name}
    >
      {showTitle ? name : `#${caseRef.number}`}
    </Link>
  );
}
