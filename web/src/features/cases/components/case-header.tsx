import { InlineNotification, SkeletonText, Tag } from '@carbon/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CASE_RESOLUTION_LABELS, SCAM_TYPE_LABELS, type Case } from '@scamtrail/domain/cases';
import { OriginatorWithProxy } from '../../../components/originator-badge/originator-with-proxy';
import { formatDateTime } from '../../../lib/format';
import { useCaseRef } from '../../../components/case-picker/get-case-options';
import { CasePriorityTag, CaseStatusTag } from '../../../components/case-tags';
import { paths } from '../../../lib/paths';
import { WrappingText } from '../../../components/wrapping-text';

/** "$1,250.00", "€80.00": the amount in its own currency. */
export function formatLoss(loss: NonNullable<Case['reportedLoss']>): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: loss.currency }).format(loss.amount);
  } catch {
    // A code this browser does not know still reads well as "1250 XYZ".
    return `${loss.amount} ${loss.currency}`;
  }
}

/** A wide fact takes two columns: an originator's badge with who entered it would be cut short in one. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'case-header__fact case-header__fact--wide' : 'case-header__fact'}>
      <dt className="case-header__fact-label">{label}</dt>
      <dd className="case-header__fact-value">{children}</dd>
    </div>
  );
}

const NONE = <span className="case-header__none">None</span>;
/** An empty fact, in the words the case list and the case form use for it. */
const missing = (text: string) => <span className="case-header__none">{text}</span>;

/** The case at a glance: status, priority, scam type, loss, group, assignees, originator and times. */
export function CaseHeader({ caseItem }: { caseItem: Case }) {
  const { originator } = caseItem;
  return (
    <section className="case-header" aria-label="Case summary">
      {caseItem.description && (
        <p className="case-header__description">
          <WrappingText text={caseItem.description} />
        </p>
      )}
      <dl className="case-header__facts">
        <Fact label="Status">
          <CaseStatusTag status={caseItem.status} />
        </Fact>
        <Fact label="Priority">
          <CasePriorityTag priority={caseItem.priority} />
        </Fact>
        <Fact label="Scam type">
          {caseItem.scamType ? SCAM_TYPE_LABELS[caseItem.scamType] : missing('Not known yet')}
        </Fact>
        <Fact label="Reported loss">
          {caseItem.reportedLoss ? formatLoss(caseItem.reportedLoss) : missing('Not reported')}
        </Fact>
        <Fact label="Group">
          {caseItem.group ? (
            <Link to={paths.groupDetail(caseItem.group.id)}>{caseItem.group.name}</Link>
          ) : (
            'Everyone'
          )}
        </Fact>
        <Fact label="Assignees">
          {caseItem.assignees.length
            ? caseItem.assignees.map((user) => user.fullName).join(', ')
            : missing('Unassigned')}
        </Fact>
        <Fact label="Originator" wide>
          {originator ? <OriginatorWithProxy originator={originator} /> : NONE}
        </Fact>
        <Fact label="Created">{formatDateTime(caseItem.createdAt)}</Fact>
        <Fact label="Last activity">{formatDateTime(caseItem.lastActivityAt)}</Fact>
        {caseItem.tags.length > 0 && (
          <Fact label="Tags">
            <span className="case-header__tags">
              {caseItem.tags.map((tag) => (
                <Tag key={tag.id} type={tag.color} size="sm">
                  {tag.name}
                </Tag>
              ))}
            </span>
          </Fact>
        )}
      </dl>
      {caseItem.status === 'archived' && (
        <InlineNotification
          kind="info"
          lowContrast
          hideCloseButton
          title="This case is archived."
          subtitle="It is read-only: reopen it to add entries, evidence or changes."
        />
      )}
      {caseItem.resolution && <CaseClosure caseItem={caseItem} />}
    </section>
  );
}

/** The case a duplicate repeats, by number and title; the viewer may not be allowed to see it. */
function DuplicateOf({ caseId }: { caseId: string }) {
  const original = useCaseRef(caseId);
  if (original.isPending) return <SkeletonText className="case-header__duplicate-loading" />;
  if (!original.data) return <span className="case-header__none">A case you cannot see</span>;
  return (
    <Link to={paths.caseDetail(original.data.id)}>{`#${original.data.number} ${original.data.title}`}</Link>
  );
}

/** How a closed (or archived after closing) case ended. */
function CaseClosure({ caseItem }: { caseItem: Case }) {
  return (
    <div className="case-header__closure" role="group" aria-label="Closure">
      <dl className="case-header__facts">
        <Fact label="Resolution">{CASE_RESOLUTION_LABELS[caseItem.resolution!]}</Fact>
        <Fact label="Closed">{formatDateTime(caseItem.closedAt)}</Fact>
        {caseItem.duplicateOfId && (
          <Fact label="Duplicate of" wide>
            <DuplicateOf caseId={caseItem.duplicateOfId} />
          </Fact>
        )}
      </dl>
      <h2 className="case-header__closure-title">Closure notes</h2>
      <p className="case-header__closure-notes">{caseItem.closureNotes}</p>
    </div>
  );
}
