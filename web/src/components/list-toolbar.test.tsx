import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterDropdown, ListToolbar } from './list-toolbar';

const STATUSES = [
  { value: '', text: 'All statuses' },
  { value: 'active', text: 'Active' },
] as const;

function Toolbar({ initialStatus = 'active' }: { initialStatus?: '' | 'active' }) {
  const [search, setSearch] = useState('scanner');
  const [status, setStatus] = useState<'' | 'active'>(initialStatus);
  const hasFilters = search !== '' || status !== '';
  return (
    <ListToolbar
      searchLabel="Search automations"
      searchPlaceholder="Search by system name..."
      search={search}
      onSearchChange={setSearch}
      filterCount={status ? 1 : 0}
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

describe('ListToolbar: its filters on a phone', () => {
  it('folds them behind a "Filters" button that controls them and counts those set', async () => {
    render(<Toolbar initialStatus="" />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const group = screen.getByRole('group', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(group).toContainElement(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(group).toHaveClass('is-open');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Active' }));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBe(toggle);
  });

  it('has no Filters button where the list has no filter but its search', () => {
    render(
      <ListToolbar
        searchLabel="Search tags"
        searchPlaceholder="Search by name..."
        search=""
        onSearchChange={() => {}}
      />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search tags' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
