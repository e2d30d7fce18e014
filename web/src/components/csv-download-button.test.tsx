import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CsvDownloadButton } from './csv-download-button';

describe('CsvDownloadButton', () => {
  it('links to the list’s API route with its filters and format=csv, without the page', () => {
    render(
      <CsvDownloadButton
        path="/identifiers"
        filters={{ search: 'mule & co', type: 'email', tag: undefined, page: 3, pageSize: 50 }}
      />,
    );
    const link = screen.getByRole('link', { name: 'Download CSV' });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/identifiers');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'mule & co',
      type: 'email',
      format: 'csv',
    });
  });

  it('as its icon alone keeps its name and its link', () => {
    render(<CsvDownloadButton iconOnly path="/identifiers/review-queue" filters={{ type: 'zelle' }} />);
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link).not.toHaveTextContent(/^Download CSV$/);
    expect(link).toHaveClass('cds--btn--icon-only');
    expect(link.getAttribute('href')).toBe('/api/identifiers/review-queue?type=zelle&format=csv');
  });
});
