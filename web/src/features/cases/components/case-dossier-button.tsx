import { Button } from '@carbon/react';
import { DocumentExport } from '@carbon/icons-react';
import { useState } from 'react';
import type { Case } from '@scamtrail/domain/cases';
import { CaseDossierDialog } from './case-dossier-dialog';

/**
 * "Export dossier": opens the dialog that exports the case as a self-verifying ZIP (report, evidence,
 * signatures, hash chain, manifest), signed with the caller's passkey when they have one and choose to.
 */
export function CaseDossierButton({ caseItem }: { caseItem: Case }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        kind="ghost"
        className="ghost-aligned"
        renderIcon={DocumentExport}
        onClick={() => setOpen(true)}
      >
        Export dossier
      </Button>
      {open && <CaseDossierDialog caseItem={caseItem} onClose={() => setOpen(false)} />}
    </>
  );
}
