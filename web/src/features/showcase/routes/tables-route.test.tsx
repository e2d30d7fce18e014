import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../../../test/render-app';

async function openTables() {
  renderApp('/tables', { 'GET /api/auth/me': () => json(200, makeUser('viewer')) });
  return screen.findByRole('heading', { name: 'Data Tables', level: 1 });
}

describe('the /tables demo (spec 2.5)', () => {
  it('shows 10 of the 50 generated users a page, with page sizes 10 to 50', async () => {
    await openTables();
    const table = await screen.findByRole('table');
    // One header row plus 10 data rows.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 of 50 items')).toBeInTheDocument();
    const sizes = within(screen.getByRole('combobox', { name: /items per page/i }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(sizes).toEqual(['10', '20', '30', '40', '50']);
  });

  it('has the Data Table, Structured List and Card Grid tabs with 10 list items and 6 cards', async () => {
    await openTables();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Data Table', 'Structured List', 'Card Grid']);

    await userEvent.click(screen.getByRole('tab', { name: 'Structured List' }));
    const list = screen.getByLabelText('Sample users');
    // One head row plus 10 items.
    expect(within(list).getAllByRole('row')).toHaveLength(11);

    await userEvent.click(screen.getByRole('tab', { name: 'Card Grid' }));
    expect(
      within(screen.getByRole('list', { name: 'Sample user cards' })).getAllByRole('listitem'),
    ).toHaveLength(6);
  });
});
