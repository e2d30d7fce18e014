import { Dropdown } from '@carbon/react';
import { hasAllPermissions } from '@scamtrail/domain/permissions';
import { downloadCaseExchange, type ExchangeFormat } from '../../lib/exchange-files';
import { useSession } from '../../lib/session';
import { useExchangeDownload } from './use-exchange-download';

const FORMATS: { value: ExchangeFormat; label: string; what: string }[] = [
  { value: 'stix', label: 'STIX 2.1 bundle', what: 'STIX bundle' },
  { value: 'misp', label: 'MISP event', what: 'MISP event' },
];

/** No item chosen, and kept so (see IdentifiersDownloadMenu). */
const NOTHING_CHOSEN = null as unknown as (typeof FORMATS)[number];

/**
 * "Share as" on the case page: the case and its identifiers as a STIX 2.1 bundle (a grouping of
 * observables, for OpenCTI) or as a MISP event, to hand to a bank, an exchange or a partner agency.
 * A Dropdown, not Carbon's MenuButton: its Menu would put Floating UI's focus manager into the chunk
 * every screen loads (see CaseStatusMenu).
 */
export function CaseExchangeMenu({ caseItem }: { caseItem: { id: string; number: number } }) {
  const { user } = useSession();
  const { busy, run } = useExchangeDownload();
  // The routes' own permissions: the case and the identifiers it holds.
  if (!hasAllPermissions(user?.permissions, ['case.view', 'identifier.view'])) return null;
  return (
    <Dropdown<(typeof FORMATS)[number]>
      id="case-exchange-select"
      className="exchange-menu"
      titleText="Share as"
      hideLabel
      label={busy ? 'Preparing…' : 'Share as'}
      size="lg"
      items={FORMATS}
      itemToString={(item) => item?.label ?? ''}
      selectedItem={NOTHING_CHOSEN}
      disabled={busy}
      onChange={({ selectedItem }) => {
        if (selectedItem) run(selectedItem.what, () => downloadCaseExchange(caseItem, selectedItem.value));
      }}
    />
  );
}
