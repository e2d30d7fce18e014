import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterDropdown, ListToolbar } from './list-toolbar';

const STATUSES = [
  { value: '', text: 'All statuses' },
  { value: 'active', text: 'Active' },
] as const;

function Toolbar() {
  const [search, setSearch] = useState('scanner');
  const [status, setStatus] = useState<'' | 'active'>('active');
  const hasFilters = search !== '' || status !== '';
  return (
    <ListToolbar
      searchLabel="Search automations"
      searchPlaceholder="Search by system name..."
      search={search}
      onSearchChange={setSearch}
      hasFilters={hasFilters}
      onClearFilters={() => {
        setSearch('');
        setStatus('');
      }}
    >
      <FilterDropdown id="status" label="Status" value={status} options={STATUSES} onChange={setStatus} />
    </ListToolbar>
  );
}

describe('ListToolbar: Clear filters', () => {
  it('clears them and leaves focus in the empty search box, not on <body>', async () => {
    render(<Toolbar />);
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    clear.focus();
    await userEvent.keyboard('{Enter}');
    expect(clear).toBeDisabled();
    const searchBox = screen.getByRole('searchbox', { name: 'Search automations' });
    expect(searchBox).toHaveValue('');
    expect(searchBox).toHaveFocus();
  });
});
