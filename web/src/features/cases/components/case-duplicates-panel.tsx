import { pluralise } from '../../../lib/format';
import { DUPLICATES_SHOWN, useCaseDuplicates } from '../api/get-cases';
import { CaseRefLink } from '../../../components/case-ref-link';

/**
 * The cases closed as duplicates of this one, those the viewer may see: where reports of the same scam
 * were merged into this case. Nothing at all while there are none (most cases), or when they cannot
 * be loaded: the panel adds to the page, it is never what the page is for.
 */
export function CaseDuplicatesPanel({ caseId }: { caseId: string }) {
  const query = useCaseDuplicates(caseId);
  const duplicates = query.data?.data ?? [];
  if (duplicates.length === 0) return null;
  const total = query.data!.pagination.totalItems;

  return (
    <aside className="related-cases" aria-labelledby="case-duplicates-title">
      <h2 id="case-duplicates-title" className="related-cases__title">
        Duplicates <span className="related-cases__count">({total})</span>
      </h2>
      <p className="related-cases__hint">Cases closed as duplicates of this one.</p>
      <ul className="related-cases__list">
        {duplicates.map((duplicate) => (
          <li key={duplicate.id} className="related-cases__item">
            <CaseRefLink caseRef={duplicate} showTitle />
          </li>
        ))}
      </ul>
      {total > DUPLICATES_SHOWN && (
        <p className="related-cases__hint">and {pluralise(total - DUPLICATES_SHOWN, 'other case')}</p>
      )}
    </aside>
  );
}
