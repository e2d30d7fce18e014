import { Button } from '@carbon/react';
import { Download } from '@carbon/icons-react';
import type { RequestOptions } from '../../lib/api-client';
import { downloadIdentifiersStix } from '../../lib/exchange-files';
import { CsvDownloadButton } from '../csv-download-button';
import { useExchangeDownload } from './use-exchange-download';

interface IdentifiersDownloadMenuProps {
  /** The list's filters on screen, as its fetcher sends them. */
  filters: RequestOptions['params'];
}

/**
 * The identifier list's downloads: its filter as CSV (the server streams it) and, beside it, as a
 * STIX 2.1 bundle of observables for OpenCTI and the other tools of the field. Two buttons rather
 * than a menu: Carbon's MenuButton would add Floating UI's focus manager to the list's first load
 * (over its size budget), and a Dropdown in this toolbar overflowed it once the toolbar wrapped.
 */
export function IdentifiersDownloadMenu({ filters }: IdentifiersDownloadMenuProps) {
  const { busy, run } = useExchangeDownload();
  return (
    <>
      <CsvDownloadButton path="/identifiers" filters={filters} />
      <Button
        kind="ghost"
        size="lg"
        renderIcon={Download}
        disabled={busy}
        onClick={() => run('STIX bundle', () => downloadIdentifiersStix(filters))}
      >
        {busy ? 'Preparing STIX…' : 'Download STIX'}
      </Button>
    </>
  );
}
