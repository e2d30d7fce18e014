import { useRelatedCases } from '../api/get-related-cases';
import { CaseRefLink } from '../../../components/case-ref-link';
import { CaseSidePanel } from './case-side-panel';
import { CaseStatusTag } from '../../../components/case-tags';

/**
 * Related cases: those the viewer may see that share a normalised identifier with this case, each with
 * the identifiers they share. Paged with "Show more".
 */
export function RelatedCasesPanel({ caseId }: { caseId: string }) {
  return (
    <CaseSidePanel
      id="related-cases-title"
      title="Related cases"
      hint="Cases that share an identifier with this one."
      query={useRelatedCases(caseId)}
      emptyText="No related cases yet"
      errorTitle="Failed to load related cases"
      renderItem={({ case: other, shared, sharedCount }) => ({
        key: other.id,
        content: (
          <>
            <div className="related-cases__heading">
              <CaseRefLink caseRef={other} showTitle />
              <CaseStatusTag status={other.status} size="sm" />
            </div>
            <p className="related-cases__shared">
              <span className="related-cases__shared-label">
                Shares {sharedCount} {sharedCount === 1 ? 'identifier' : 'identifiers'}:
              </span>{' '}
              {shared.map((identifier) => identifier.displayValue).join(', ')}
              {sharedCount > shared.length && ` and ${sharedCount - shared.length} more`}
            </p>
          </>
        ),
      })}
    />
  );
}
