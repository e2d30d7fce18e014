import { Button, InlineLoading } from '@carbon/react';
import { DocumentExport } from '@carbon/icons-react';
import { useState } from 'react';
import type { Case } from '@scamtrail/domain/cases';
import { useToast } from '../../../components/toasts/toast-context';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { downloadCaseDossier } from '../api/export-dossier';
import { formatBytes } from './format-bytes';

/**
 * "Export dossier": downloads the case as a self-verifying ZIP (report, evidence, signatures, hash
 * chain, manifest), showing the megabytes received while the server streams it, and a toast when it
 * is saved or why it failed.
 */
export function CaseDossierButton({ caseItem }: { caseItem: Case }) {
  const [received, setReceived] = useState<number | null>(null);
  const { showToast } = useToast();

  async function exportDossier() {
    setReceived(0);
    try {
      const { fileName, size } = await downloadCaseDossier(caseItem.id, setReceived);
      showToast({
        kind: 'success',
        title: 'Dossier exported',
        subtitle: `${fileName} (${formatBytes(size)})`,
      });
    } catch (error) {
      const forbidden = isApiError(error) && error.status === 403;
      showToast({
        kind: 'error',
        title: forbidden ? 'Access Denied' : 'Dossier not exported',
        subtitle: forbidden
          ? 'You do not have permission to perform this action.'
          : errorMessage(error, 'Please try again'),
      });
    } finally {
      setReceived(null);
    }
  }

  if (received !== null) {
    return (
      <InlineLoading
        className="case-header__dossier-progress"
        description={received > 0 ? `Exporting dossier… ${formatBytes(received)}` : 'Exporting dossier…'}
      />
    );
  }
  return (
    <Button kind="ghost" renderIcon={DocumentExport} onClick={() => void exportDossier()}>
      Export dossier
    </Button>
  );
}
