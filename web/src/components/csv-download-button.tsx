import { Button } from '@carbon/react';
import { Download } from '@carbon/icons-react';
import type { RequestOptions } from '../lib/api-client';
import { API_BASE_PATH, buildQueryString } from '../lib/api-url';

/** The list's CSV under its current filters (page and pageSize are left out), for a link or a menu item. */
export function csvDownloadHref(path: string, filters: RequestOptions['params']): string {
  return `${API_BASE_PATH}${path}${buildQueryString({ ...filters, page: undefined, pageSize: undefined, format: 'csv' })}`;
}

interface CsvDownloadButtonProps {
  /** The list's API path under /api: "/identifiers". */
  path: string;
  /** The list's current filters, as its fetcher sends them (page and pageSize are left out). */
  filters: RequestOptions['params'];
  className?: string;
  /** The icon alone, named by its tooltip: for a toolbar whose line has no room for the words. */
  iconOnly?: boolean;
}

/**
 * "Download CSV": a link to the list's own API route with `format=csv`, so the browser saves the whole
 * list under its current filters as the server streams it. A same-origin link carries the session
 * cookie, and the route applies the list's own access rules and visibility.
 */
export function CsvDownloadButton({ path, filters, className, iconOnly }: CsvDownloadButtonProps) {
  const href = csvDownloadHref(path, filters);
  if (iconOnly)
    return (
      <Button
        kind="ghost"
        size="lg"
        className={className}
        href={href}
        renderIcon={Download}
        hasIconOnly
        iconDescription="Download CSV"
        tooltipPosition="bottom"
        tooltipAlignment="end"
      />
    );
  return (
    <Button kind="ghost" size="lg" className={className} href={href} renderIcon={Download}>
      Download CSV
    </Button>
  );
}
