import { OverflowMenu, OverflowMenuItem } from '@carbon/react';

export interface RowMenuAction {
  label: string;
  onClick: () => void;
  /** Danger style, after a divider. */
  isDelete?: boolean;
}

interface RowActionsMenuProps {
  /** Names the row: "Actions for {label}". */
  label: string;
  actions: RowMenuAction[];
}

/**
 * A row's overflow menu when the actions differ per row (e.g. Disable or Enable); AppDataTable's own
 * `overflowMenu` offers the same actions on every row. Renders nothing without actions.
 */
export function RowActionsMenu({ label, actions }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <OverflowMenu
      size="sm"
      flipped
      iconDescription={`Actions for ${label}`}
      aria-label={`Actions for ${label}`}
    >
      {actions.map((action) => (
        <OverflowMenuItem
          key={action.label}
          itemText={action.label}
          isDelete={action.isDelete}
          hasDivider={action.isDelete}
          onClick={action.onClick}
        />
      ))}
    </OverflowMenu>
  );
}
