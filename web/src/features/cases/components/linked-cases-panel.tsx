import { Button } from '@carbon/react';
import { Link as LinkIcon, Unlink } from '@carbon/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { isCaseReadOnly, type CaseLink, type CaseRef } from '@scamtrail/domain/cases';
import { CaseStatusTag } from '../../../components/case-tags';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { failureMessage } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCaseLinks, useUnlinkCase } from '../api/case-links';
import { CaseRefLink } from '../../../components/case-ref-link';
import { CaseSidePanel } from './case-side-panel';
import { LazyLinkCaseModal, preloadLinkCaseDialog } from './cases-lazy-dialogs';

interface LinkedCasesPanelProps {
  caseItem: CaseRef;
  /** The caller holds case.edit; the server checks it again. */
  canEdit: boolean;
}

/** Who linked the case and when; a link made by someone since removed keeps its date. */
function LinkedBy({ link }: { link: CaseLink }) {
  const when = (
    <time dateTime={link.createdAt} title={formatDateTime(link.createdAt)}>
      {formatDate(link.createdAt)}
    </time>
  );
  return (
    <p className="related-cases__hint">
      {link.linkedBy ? <>Linked by {link.linkedBy.displayName} on </> : <>Linked on </>}
      {when}
    </p>
  );
}

/** Unlinking takes the link off both cases, so it is confirmed first. */
function UnlinkCaseModal({
  caseItem,
  link,
  onClose,
}: {
  caseItem: CaseRef;
  link: CaseLink;
  onClose: () => void;
}) {
  const unlink = useUnlinkCase();
  const { showToast } = useToast();
  const other = link.case;
  return (
    <ConfirmModal
      title={`Unlink case #${other.number}?`}
      label={`#${other.number} ${other.title}`}
      primaryButtonText="Unlink"
      busy={unlink.isPending}
      loadingDescription="Unlinking..."
      failure={failureMessage(unlink.error, 'Failed to unlink the cases')}
      failureTitle="Not unlinked"
      onConfirm={() =>
        unlink.mutate(
          { caseId: caseItem.id, linkedCaseId: other.id },
          {
            onSuccess: () => {
              showToast({
                kind: 'success',
                title: 'Cases unlinked',
                subtitle: `#${caseItem.number} and #${other.number}`,
              });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <p>The link is removed from both cases; the cases themselves are not changed.</p>
    </ConfirmModal>
  );
}

/**
 * Linked cases: those an investigator linked to this one by hand (the same perpetrator, the same mule
 * account, one victim's two reports), each with why, as far as the viewer may see them. A link shows
 * on both cases. Paged with "Show more"; an archived case's links are read-only until it is reopened.
 */
export function LinkedCasesPanel({ caseItem, canEdit }: LinkedCasesPanelProps) {
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<CaseLink | null>(null);
  const editable = canEdit && !isCaseReadOnly(caseItem.status);
  const query = useCaseLinks(caseItem.id);
  const linkedIds = query.data?.pages.flatMap((page) => page.data.map((link) => link.case.id)) ?? [];

  // The dialog's code loads once the page is shown, so that "Link a case" opens at once.
  useEffect(() => {
    if (editable) preloadLinkCaseDialog();
  }, [editable]);

  return (
    <CaseSidePanel
      id="linked-cases-title"
      title="Linked cases"
      hint="Cases linked by hand, with why they belong together."
      query={query}
      emptyText="No linked cases yet"
      errorTitle="Failed to load linked cases"
      actions={
        editable && (
          <Button kind="ghost" size="sm" renderIcon={LinkIcon} onClick={() => setLinking(true)}>
            Link a case
          </Button>
        )
      }
      renderItem={(link) => ({
        key: link.case.id,
        content: (
          <>
            <div className="linked-cases__row">
              <div className="related-cases__heading">
                <CaseRefLink caseRef={link.case} showTitle />
                <CaseStatusTag status={link.case.status} size="sm" />
              </div>
              {editable && (
                <Button
                  kind="ghost"
                  size="sm"
                  hasIconOnly
                  renderIcon={Unlink}
                  iconDescription={`Unlink #${link.case.number} ${link.case.title}`}
                  tooltipPosition="left"
                  onClick={() => setUnlinking(link)}
                />
              )}
            </div>
            {link.note && <p className="related-cases__shared linked-cases__note">{link.note}</p>}
            <LinkedBy link={link} />
          </>
        ),
      })}
    >
      <Suspense fallback={null}>
        {linking && (
          <LazyLinkCaseModal caseItem={caseItem} linkedIds={linkedIds} onClose={() => setLinking(false)} />
        )}
      </Suspense>
      {unlinking && (
        <UnlinkCaseModal caseItem={caseItem} link={unlinking} onClose={() => setUnlinking(null)} />
      )}
    </CaseSidePanel>
  );
}
