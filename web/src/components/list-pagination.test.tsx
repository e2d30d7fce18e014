import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPagination } from './list-pagination';

/** The pager's item range counts in words: "1 item", not Carbon's "1 items". */
describe('the item range under a list', () => {
  it('reads one item in the singular and more in the plural', () => {
    const { rerender } = render(<ListPagination page={1} pageSize={25} totalItems={1} onChange={vi.fn()} />);
    expect(screen.getByText('1–1 of 1 item')).toBeInTheDocument();
    rerender(<ListPagination page={2} pageSize={25} totalItems={1031} onChange={vi.fn()} />);
    expect(screen.getByText('26–50 of 1,031 items')).toBeInTheDocument();
  });
});
