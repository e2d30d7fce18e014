import { InlineNotification } from '@carbon/react';
import { removedFiltersText, type FilterKey } from '../lib/list-filter-access';
import './removed-filters-notice.scss';

/**
 * Says, above a list, that filters of the link it was opened from were removed because the reader may
 * not see the records they name (useReadableFilters), until closed.
 */
export function RemovedFiltersNotice({ removed, onClose }: { removed: FilterKey[]; onClose: () => void }) {
  if (removed.length === 0) return null;
  const { title, subtitle } = removedFiltersText(removed);
  return (
    <InlineNotification
      className="removed-filters-notice"
      kind="warning"
      lowContrast
      title={title}
      subtitle={subtitle}
      statusIconDescription="Warning"
      onClose={onClose}
    />
  );
}
