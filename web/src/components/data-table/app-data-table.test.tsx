import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppDataTable } from './app-data-table';

const headers = [{ key: 'name', header: 'Name' }];

describe('AppDataTable', () => {
  it('renders custom cells safely when the rows are replaced (a new page or search result)', () => {
    const renderName = (row: { id: string; name: string }) => <strong>{row.name.toUpperCase()}</strong>;
    const { rerender } = render(
      <AppDataTable
        headers={headers}
        rows={[
          { id: 'a', name: 'Ada' },
          { id: 'b', name: 'Bob' },
        ]}
        renderCell={{ name: renderName }}
      />,
    );
    rerender(
      <AppDataTable headers={headers} rows={[{ id: 'c', name: 'Cy' }]} renderCell={{ name: renderName }} />,
    );
    expect(screen.getByText('CY')).toBeVisible();
    expect(screen.queryByText('ADA')).toBeNull();
  });
});
