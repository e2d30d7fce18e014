import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { IdentifiersPagination } from './identifiers-pagination';

it('reads one identifier as "1 item", as the other lists do', () => {
  render(
    <IdentifiersPagination
      page={1}
      pageSize={25}
      totalItems={1}
      totalIsEstimate={false}
      isLastPage
      onChange={vi.fn()}
    />,
  );
  expect(screen.getByText('1–1 of 1 item')).toBeInTheDocument();
});
