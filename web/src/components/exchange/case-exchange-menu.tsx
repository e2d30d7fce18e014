import { MenuButton, MenuItem } from '@carbon/react';
import { hasAllPermissions } from '@scamtrail/domain/permissions';
import { useSession } from '../../lib/session';
import { downloadCaseExchange } from '../../lib/exchange-files';
import { useExchangeDownload } from './use-exchange-download';

/**
 * "Share as" on the case page: the case and its identifiers as a STIX 2.1 bundle (a grouping of
 * observables, for OpenCTI) or as a MISP event, to hand to a bank, an exchange or a partner agency.
 */
export function CaseExchangeMenu({ caseItem }: { caseItem: { id: string; number: number } }) {
  const { user } = useSession();
  const { busy, run } = useExchangeDownload();
  // The routes' own permissions: the case and the identifiers it holds.
  if (!hasAllPermissions(user?.permissions, ['case.view', 'identifier.view'])) return null;
  return (
    <MenuButton
      label={busy ? 'Preparing…' : 'Share as'}
      kind="ghost"
      menuAlignment="bottom-end"
      disabled={busy}
      className="exchange-menu"
    >
      <MenuItem
        label="STIX 2.1 bundle"
        onClick={() => run('STIX bundle', () => downloadCaseExchange(caseItem, 'stix'))}
      />
      <MenuItem
        label="MISP event"
        onClick={() => run('MISP event', () => downloadCaseExchange(caseItem, 'misp'))}
      />
    </MenuButton>
  );
}
