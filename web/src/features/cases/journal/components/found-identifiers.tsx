import { Checkbox, CheckboxGroup } from '@carbon/react';
import type { FoundIdentifier } from './find-identifiers-in-text';

interface FoundIdentifiersProps {
  found: FoundIdentifier[];
  /** Keys the person unticked; the others are linked on save. */
  unchecked: ReadonlySet<string>;
  onToggle: (key: string, checked: boolean) => void;
  disabled?: boolean;
}

/** "+1 415 555 0134 (phone)": as written (a bank account masked), and what it was taken for. */
export function foundLabel(found: FoundIdentifier): string {
  return `${found.text} (${found.typeLabel.toLowerCase()})`;
}

/**
 * The identifiers written in the description, offered for linking, ticked by default. Those already
 * on record are linked; the others are added to the identifiers first.
 */
export function FoundIdentifiers({ found, unchecked, onToggle, disabled }: FoundIdentifiersProps) {
  if (found.length === 0) return null;
  return (
    <div className="timeline-dialog__found">
      <CheckboxGroup
        legendText="Found in the text: link to the entry"
        helperText="Ticked identifiers are linked when you save; new ones are added to the identifiers."
      >
        {found.map((item, index) => (
          <Checkbox
            key={item.key}
            id={`journal-found-${index}`}
            labelText={foundLabel(item)}
            helperText={item.reason}
            checked={!unchecked.has(item.key)}
            disabled={disabled}
            onChange={(_event, { checked }) => onToggle(item.key, checked)}
          />
        ))}
      </CheckboxGroup>
    </div>
  );
}
