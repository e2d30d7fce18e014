import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterFold, FilterFoldButton, useFilterFold } from './filter-fold';

function Toolbar({ activeCount }: { activeCount: number }) {
  const fold = useFilterFold('list-filters');
  return (
    <>
      <FilterFoldButton fold={fold} activeCount={activeCount} />
      <FilterFold fold={fold}>
        <button type="button">Status</button>
      </FilterFold>
    </>
  );
}

describe('FilterFold', () => {
  it('opens and closes the filters it controls, which the stylesheet folds on a phone', async () => {
    render(<Toolbar activeCount={0} />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const group = screen.getByRole('group', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(group).not.toHaveClass('is-open');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(group).toHaveClass('is-open');

    await userEvent.click(toggle);
    expect(group).not.toHaveClass('is-open');
  });

  it('counts the filters set behind it', () => {
    render(<Toolbar activeCount={2} />);
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  });
});
