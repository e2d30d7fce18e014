import { Dropdown } from '@carbon/react';
import { CASE_STATUS_LABELS, CASE_STATUS_TRANSITIONS, type CaseStatus } from '@scamtrail/domain/cases';

interface CaseStatusMenuProps {
  status: CaseStatus;
  /** A move is being saved: the select takes no other until it is done. */
  busy?: boolean;
  onSelect: (status: CaseStatus) => void;
}

/** "Closed..." and "Archived..." open a dialog; the other moves happen at once. */
function itemLabel(to: CaseStatus, current: CaseStatus): string {
  if (to === current) return `${CASE_STATUS_LABELS[to]} (current)`;
  if (to === 'closed') return 'Closed...';
  if (to === 'archived') return 'Archived...';
  return CASE_STATUS_LABELS[to];
}

/**
 * The case's status as a select of the moves CASE_STATUS_TRANSITIONS allows from it. A select rather
 * than Carbon's MenuButton: its Menu brings Floating UI's focus manager to every screen (5 KB Brotli on
 * the first load), where the Dropdown is already loaded.
 *
 * Focus stays on it through a move: it is controlled by `selectedItem`, so it shows the case's status
 * (never a move it has not made, nor one that failed) without being remounted, and while the move is
 * saved it is read-only (aria-disabled), not disabled, which would drop focus to <body>.
 */
export function CaseStatusMenu({ status, busy = false, onSelect }: CaseStatusMenuProps) {
  return (
    <Dropdown<CaseStatus>
      id="case-status-select"
      className="case-status-select"
      titleText="Change status"
      hideLabel
      label="Change status"
      size="lg"
      items={[status, ...CASE_STATUS_TRANSITIONS[status]]}
      itemToString={(to) => (to ? itemLabel(to, status) : '')}
      renderSelectedItem={(to) => `Status: ${CASE_STATUS_LABELS[to]}`}
      selectedItem={status}
      onChange={({ selectedItem }) => {
        if (!busy && selectedItem && selectedItem !== status) onSelect(selectedItem);
      }}
      readOnly={busy}
    />
  );
}
