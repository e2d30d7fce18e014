import { MenuButton, MenuItem } from '@carbon/react';
import { CASE_STATUS_LABELS, CASE_STATUS_TRANSITIONS, type CaseStatus } from '@scamtrail/domain/cases';

interface CaseStatusMenuProps {
  status: CaseStatus;
  disabled?: boolean;
  onSelect: (status: CaseStatus) => void;
}

/** "Close..." and "Archive..." open a dialog; the other moves happen at once. */
function itemLabel(to: CaseStatus): string {
  if (to === 'closed') return 'Closed...';
  if (to === 'archived') return 'Archived...';
  return CASE_STATUS_LABELS[to];
}

/** "Change status": the moves CASE_STATUS_TRANSITIONS allows from the case's status. */
export function CaseStatusMenu({ status, disabled, onSelect }: CaseStatusMenuProps) {
  return (
    <MenuButton label="Change status" kind="tertiary" menuAlignment="bottom-end" disabled={disabled}>
      {CASE_STATUS_TRANSITIONS[status].map((to) => (
        <MenuItem key={to} label={itemLabel(to)} onClick={() => onSelect(to)} />
      ))}
    </MenuButton>
  );
}
