import { Checkbox, CheckboxGroup } from '@carbon/react';
import { EmailText } from '../email-text';
import { candidateKey, type FoundCandidate } from './extract-identifiers';
import './found-identifier-list.scss';

interface FoundIdentifierListProps {
  /** Names the checkboxes' ids apart from another list on the page. */
  id: string;
  found: FoundCandidate[];
  /** Keys the person unticked; the others are taken. */
  unchecked: ReadonlySet<string>;
  onToggle: (key: string, checked: boolean) => void;
  legend: string;
  helperText: string;
  disabled?: boolean;
}

/** "+44 20 7946 0958 (phone)": as written (a bank account masked), and what it was taken for. */
export function candidateLabel(candidate: FoundCandidate): string {
  return `${candidate.text} (${candidate.typeLabel.toLowerCase()})`;
}

/** The label as shown: an e-mail address wraps after its @ and before a dot, never at a hyphen. */
function CandidateLabel({ candidate }: { candidate: FoundCandidate }) {
  if (candidate.type !== 'email') return candidateLabel(candidate);
  return (
    <>
      <EmailText address={candidate.text} /> ({candidate.typeLabel.toLowerCase()})
    </>
  );
}

/** Why it was taken for one, and the identifier on record when it is known already. */
function candidateHelp(candidate: FoundCandidate): string {
  if (!candidate.existing) return candidate.reason;
  return `${candidate.reason}. On record as ${candidate.existing.displayValue}`;
}

/**
 * The identifiers found in a text, ticked by default, as the journal entry dialog offers them: each
 * as written, what it was taken for and why.
 */
export function FoundIdentifierList({
  id,
  found,
  unchecked,
  onToggle,
  legend,
  helperText,
  disabled,
}: FoundIdentifierListProps) {
  if (found.length === 0) return null;
  return (
    <div className="found-identifiers">
      <CheckboxGroup legendText={legend} helperText={helperText}>
        {found.map((candidate, index) => {
          const key = candidateKey(candidate);
          const reasonId = `${id}-${index}-reason`;
          // Carbon's checkbox shows helper text without tying it to its input: the reason is tied here,
          // so a screen reader reads it with the checkbox rather than as a line of its own.
          return (
            <Checkbox
              key={key}
              id={`${id}-${index}`}
              labelText={<CandidateLabel candidate={candidate} />}
              helperText={<span id={reasonId}>{candidateHelp(candidate)}</span>}
              aria-describedby={reasonId}
              checked={!unchecked.has(key)}
              disabled={disabled}
              onChange={(_event, { checked }) => onToggle(key, checked)}
            />
          );
        })}
      </CheckboxGroup>
    </div>
  );
}
