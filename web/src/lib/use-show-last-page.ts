import { useEffect } from 'react';

/**
 * A page past the end of a server-paged list (its last row removed, decided or filtered away, an old
 * link) shows the last page instead, replacing the history entry. `totalPages` is undefined while it is
 * not known for this page: loading, a placeholder from the previous page, or a total that is not exact.
 */
export function useShowLastPage(
  page: number,
  totalPages: number | undefined,
  update: (changes: { page: number }, options: { replace: boolean }) => void,
) {
  useEffect(() => {
    if (totalPages && page > totalPages) update({ page: totalPages }, { replace: true });
  }, [page, totalPages, update]);
}
