import type { IdentifierDetail } from '../api/identifier-types';
import { EMPTY_CELL, formatDateTime, pluralise } from '../../../lib/format';
import { DetailList, DetailSection } from './detail-section';

/**
 * Where the identifier was seen and how many sources reported it: the pivot from this report to the
 * others. The server counts only the cases, entries and evidence the user may see, and leaves a count
 * out when the user may not read that kind at all: a dash then, never 0.
 */
const countText = (count: number | undefined) => (count === undefined ? EMPTY_CELL : String(count));

export function DetailPivot({ detail }: { detail: IdentifierDetail }) {
  const { pivot } = detail;
  return (
    <DetailSection id="pivot" title="Seen In">
      <DetailList
        items={[
          { label: 'Cases', value: countText(pivot.caseCount) },
          { label: 'Journal Entries', value: countText(pivot.journalEntryCount) },
          { label: 'Evidence', value: countText(pivot.evidenceCount) },
          { label: 'First Seen', value: formatDateTime(pivot.firstSeenAt) },
          { label: 'Last Seen', value: formatDateTime(pivot.lastSeenAt) },
          {
            label: 'Reported By',
            value: pluralise(pivot.originatorCount, 'distinct source'),
          },
        ]}
      />
    </DetailSection>
  );
}
