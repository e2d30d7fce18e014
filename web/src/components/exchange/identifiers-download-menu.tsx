import { MenuButton, MenuItem } from '@carbon/react';
import type { RequestOptions } from '../../lib/api-client';
import { useExchangeDownload } from './use-exchange-download';
import { downloadIdentifiersStix, listCsvHref } from '../../lib/exchange-files';

interface IdentifiersDownloadMenuProps {
  /** The list's filters on screen, as its fetcher sends them. */
  filters: RequestOptions['params'];
}

/**
 * "Download" on the identifier list: the list under its filters as CSV (the server streams it) or as
 * a STIX 2.1 bundle of observables, for OpenCTI and the other tools of the field.
 */
export function IdentifiersDownloadMenu({ filters }: IdentifiersDownloadMenuProps) {
  const { busy, run } = useExchangeDownload();
  return (
    <MenuButton
      label={busy ? 'Preparing…' : 'Download'}
      kind="ghost"
      size="lg"
      menuAlignment="bottom-end"
      disabled={busy}
      className="exchange-menu"
    >
      <MenuItem label="CSV" onClick={() => window.location.assign(listCsvHref('/identifiers', filters))} />
      <MenuItem
        label="STIX 2.1 bundle"
        onClick={() => run('STIX bundle', () => downloadIdentifiersStix(filters))}
      />
    </MenuButton>
  );
}
