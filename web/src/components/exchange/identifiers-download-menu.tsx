import { Dropdown } from '@carbon/react';
import type { RequestOptions } from '../../lib/api-client';
import { downloadIdentifiersStix, listCsvHref } from '../../lib/exchange-files';
import { useExchangeDownload } from './use-exchange-download';

type DownloadFormat = 'csv' | 'stix';

const FORMATS: { value: DownloadFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'stix', label: 'STIX 2.1 bundle' },
];

/**
 * No item chosen, and kept so: Downshift reads a null selection as controlled and empty, which Carbon's
 * types do not spell (undefined would leave the choice to the Dropdown, which would then show it).
 */
const NOTHING_CHOSEN = null as unknown as (typeof FORMATS)[number];

interface IdentifiersDownloadMenuProps {
  /** The list's filters on screen, as its fetcher sends them. */
  filters: RequestOptions['params'];
}

/**
 * "Download" on the identifier list: the list under its filters as CSV (the server streams it) or as
 * a STIX 2.1 bundle of observables, for OpenCTI and the other tools of the field. A Dropdown rather
 * than Carbon's MenuButton, as the case status select: the Menu would add Floating UI's focus manager
 * (11 KB Brotli) to the list's first load, over its budget; the Dropdown is loaded already.
 */
export function IdentifiersDownloadMenu({ filters }: IdentifiersDownloadMenuProps) {
  const { busy, run } = useExchangeDownload();
  return (
    <Dropdown<(typeof FORMATS)[number]>
      id="identifiers-download"
      className="exchange-menu"
      titleText="Download"
      hideLabel
      label={busy ? 'Preparing…' : 'Download'}
      size="lg"
      type="inline"
      items={FORMATS}
      itemToString={(item) => item?.label ?? ''}
      // Never a choice kept: each pick is an action, and picking the same one again repeats it.
      selectedItem={NOTHING_CHOSEN}
      disabled={busy}
      onChange={({ selectedItem }) => {
        if (selectedItem?.value === 'csv') window.location.assign(listCsvHref('/identifiers', filters));
        if (selectedItem?.value === 'stix') run('STIX bundle', () => downloadIdentifiersStix(filters));
      }}
    />
  );
}
