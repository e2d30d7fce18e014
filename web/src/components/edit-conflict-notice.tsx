import { ActionableNotification } from '@carbon/react';
import './edit-conflict-notice.scss';

interface EditConflictNoticeProps {
  /** What was edited, as in "this case". */
  what: string;
  /** What the other person changed, one "Field: its value now" a line. */
  changes: string[];
  /** Moves the form onto the current version, keeping the user's own changes. */
  onReload: () => void;
}

/** Says that someone else saved the record while this dialog was open, what they changed, and offers Reload. */
export function EditConflictNotice({ what, changes, onReload }: EditConflictNoticeProps) {
  return (
    <ActionableNotification
      kind="warning"
      inline
      lowContrast
      hideCloseButton
      title={`Someone else changed this ${what} while you were editing`}
      subtitle={
        <>
          {changes.map((line) => (
            <span key={line} className="edit-conflict__line">
              {line}
            </span>
          ))}
          Reload to apply your changes to the current version.
        </>
      }
      actionButtonLabel="Reload"
      onActionButtonClick={onReload}
    />
  );
}
