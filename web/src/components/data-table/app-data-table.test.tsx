import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppDataTable } from './app-data-table';

const headers = [{ key: 'name', header: 'Name' }];

/** The first cell of every body row, top to bottom. */
function shownNames() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
}

/** Rows "Row 01" to "Row {count}", given in an order that is not sorted. */
function numberedRows(count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return { id: `r${n}`, name: `Row ${n}` };
  }).reverse();
}

async function sortBy(column: string) {
  const header = screen.getByRole('columnheader', { name: new RegExp(column) });
  await userEvent.click(within(header).getByRole('button'));
  return header;
}

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

  it('sorts by a column, ascending on the first click of its header and descending on the second', async () => {
    render(
      <AppDataTable
        headers={[...headers, { key: 'city', header: 'City' }]}
        rows={[
          { id: 'b', name: 'Bob', city: 'Accra' },
          { id: 'c', name: 'Cy', city: 'Lagos' },
          { id: 'a', name: 'Ada', city: 'Zurich' },
        ]}
      />,
    );
    expect(shownNames()).toEqual(['Bob', 'Cy', 'Ada']);

    const header = await sortBy('Name');
    expect(shownNames()).toEqual(['Ada', 'Bob', 'Cy']);
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await sortBy('Name');
    expect(shownNames()).toEqual(['Cy', 'Bob', 'Ada']);
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows 10 rows a page and pages through the rest', async () => {
    render(<AppDataTable headers={headers} rows={numberedRows(12).reverse()} />);
    expect(shownNames()).toEqual(
      numberedRows(10)
        .reverse()
        .map((row) => row.name),
    );
    expect(screen.getByText('1–10 of 12 items')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownNames()).toEqual(['Row 11', 'Row 12']);
    expect(screen.getByText('11–12 of 12 items')).toBeInTheDocument();
  });

  it('sorts all the rows before cutting the page', async () => {
    render(<AppDataTable headers={headers} rows={numberedRows(12)} />);
    // Given from Row 12 down: the first page holds Row 12 to Row 03.
    await sortBy('Name');
    expect(shownNames()).toEqual(
      numberedRows(10)
        .reverse()
        .map((row) => row.name),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shownNames()).toEqual(['Row 11', 'Row 12']);
  });
});
