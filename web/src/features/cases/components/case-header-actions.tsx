import { Button } from '@carbon/react';
import { Checkmark, Edit, Renew } from '@carbon/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { CASE_STATUS_LABELS, type Case, type CaseStatus } from '@scamtrail/domain/cases';
import { useToast } from '../../../components/toasts/toast-context';
import { useUpdateCase } from '../api/update-case';
import { CaseCloseModal } from './case-close-modal';
import { CaseExchangeMenu } from '../../../components/exchange/case-exchange-menu';
import { CaseDossierButton } from './case-dossier-button';
import { CaseStatusConfirmModal } from './case-status-confirm-modal';
import { CaseStatusMenu } from './case-status-menu';
import { LazyCaseFormModal, preloadCaseDialogs } from './cases-lazy-dialogs';
import { useFailureToast } from '../../../lib/use-failure-toast';

type Dialog = 'edit' | 'close' | 'archive' | 'reopen';

interface CaseHeaderActionsProps {
  caseItem: Case;
  /** The caller holds case.edit; the server checks it again. */
  canEdit: boolean;
  /** The caller may export the case's dossier (a person who may read all it holds); the server checks it again. */
  canExport?: boolean;
}

/**
 * Edit, Change status, Close and Reopen, as the case's status allows: an open case can be closed, a closed
 * or archived one reopened, and an archived one offers nothing else (it is read-only until reopened).
 */
export function CaseHeaderActions({ caseItem, canEdit, canExport = false }: CaseHeaderActionsProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const update = useUpdateCase();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const { status } = caseItem;
  const isClosed = status === 'closed' || status === 'archived';

  // The edit dialog's code loads once the page is shown, so that Edit opens at once.
  useEffect(() => {
    if (canEdit) preloadCaseDialogs();
  }, [canEdit]);

  if (!canEdit) {
    return (
      <div className="case-header__actions">
        {canExport && <CaseDossierButton caseItem={caseItem} />}
        <CaseExchangeMenu caseItem={caseItem} />
      </div>
    );
  }

  async function moveTo(to: CaseStatus) {
    try {
      await update.mutateAsync({ id: caseItem.id, body: { status: to } });
      setDialog(null);
      showToast({
        kind: 'success',
        title: isClosed && to === 'open' ? 'Case reopened' : 'Status changed',
        subtitle: `#${caseItem.number} is now ${CASE_STATUS_LABELS[to]}`,
      });
    } catch (error) {
      showFailure(error, { title: 'Status not changed' });
    }
  }

  function select(to: CaseStatus) {
    if (to === 'closed') setDialog('close');
    else if (to === 'archived') setDialog('archive');
    else void moveTo(to);
  }

  // Archiving and reopening are confirmed first.
  const confirmTo = dialog === 'reopen' ? 'open' : dialog === 'archive' ? 'archived' : null;
  return (
    <div className="case-header__actions">
      {canExport && <CaseDossierButton caseItem={caseItem} />}
      <CaseExchangeMenu caseItem={caseItem} />
      {status !== 'archived' && (
        <Button kind="tertiary" renderIcon={Edit} onClick={() => setDialog('edit')}>
          Edit
        </Button>
      )}
      {status !== 'archived' && <CaseStatusMenu status={status} busy={update.isPending} onSelect={select} />}
      {isClosed ? (
        <Button renderIcon={Renew} disabled={update.isPending} onClick={() => setDialog('reopen')}>
          Reopen
        </Button>
      ) : (
        <Button renderIcon={Checkmark} onClick={() => setDialog('close')}>
          Close case
        </Button>
      )}
      <Suspense fallback={null}>
        {dialog === 'edit' && <LazyCaseFormModal open initial={caseItem} onClose={() => setDialog(null)} />}
      </Suspense>
      {dialog === 'close' && <CaseCloseModal caseItem={caseItem} onClose={() => setDialog(null)} />}
      {confirmTo && (
        <CaseStatusConfirmModal
          caseItem={caseItem}
          to={confirmTo}
          busy={update.isPending}
          onConfirm={() => void moveTo(confirmTo)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
