import { DismissibleTag } from '@carbon/react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { errorMessage } from '../../../../lib/api-error';
import { useEvidenceOptions, type EvidenceOption } from '../api/journal-evidence-options';
import { useIdentifierOptions, type IdentifierOption } from '../api/journal-identifiers';
import { MultiSelect } from '../../../../components/keep-selection-on-escape-multi-select';

interface PickerProps<T> {
  selected: T[];
  onChange: (selected: T[]) => void;
  invalidText?: string;
}

/** The options on screen: what is chosen first (it stays chosen whatever is searched), then the answer. */
function withSelected<T extends { id: string }>(selected: T[], found: T[] | undefined): T[] {
  const chosen = new Set(selected.map((item) => item.id));
  return [...selected, ...(found ?? []).filter((item) => !chosen.has(item.id))];
}

/** The server searched already; the list shows its answer as it is. */
const keepAll = <T,>(items: readonly T[]) => [...items];

function ChosenTags<T extends { id: string }>({
  label,
  items,
  text,
  onRemove,
}: {
  label: string;
  items: T[];
  text: (item: T) => string;
  onRemove: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <DismissibleTag
            type="cool-gray"
            text={text(item)}
            title={`Remove ${text(item)}`}
            onClose={() => onRemove(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}

interface SearchedPickerProps<T extends { id: string }> extends PickerProps<T> {
  id: string;
  /** The field's label, also the name of its list of chosen items (without "(optional)"). */
  label: string;
  placeholder: string;
  /** What the field offers; `failed`: why nothing could be listed. */
  helperText: string;
  failedText: string;
  text: (item: T) => string;
  /** The hook answering the server's options for what was typed (debounced, trimmed). */
  useOptions: (search: string) => { data?: T[]; isError: boolean; error: unknown };
}

/** A multi-select whose options the server searches as the user types, the chosen ones listed below. */
function SearchedPicker<T extends { id: string }>(props: SearchedPickerProps<T>) {
  const { selected, onChange, invalidText, text } = props;
  const [search, setSearch] = useState('');
  const options = props.useOptions(useDebouncedValue(search.trim()));
  return (
    <div className="timeline-dialog__picker">
      <MultiSelect<T>
        id={props.id}
        titleText={`${props.label} (optional)`}
        placeholder={props.placeholder}
        helperText={
          options.isError
            ? `${props.failedText}: ${errorMessage(options.error, 'please try again')}`
            : props.helperText
        }
        items={withSelected(selected, options.data)}
        itemToString={(item) => (item ? text(item) : '')}
        filterItems={keepAll}
        onInputValueChange={({ inputValue }) => setSearch(inputValue ?? '')}
        selectedItems={selected}
        onChange={({ selectedItems }) => onChange(selectedItems ?? [])}
        selectionFeedback="top-after-reopen"
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      />
      <ChosenTags
        label={props.label}
        items={selected}
        text={text}
        onRemove={(id) => onChange(selected.filter((item) => item.id !== id))}
      />
    </div>
  );
}

/** Evidence of the case to link to the entry, searched by title on the server. */
export function EvidencePicker({ caseId, ...props }: PickerProps<EvidenceOption> & { caseId: string }) {
  const useCaseEvidence = (search: string) => useEvidenceOptions(caseId, search);
  return (
    <SearchedPicker<EvidenceOption>
      {...props}
      id="journal-entry-evidence"
      label="Evidence to link"
      placeholder="Search the case's evidence"
      helperText="Evidence of this case. Type to search by title."
      failedText="The case's evidence could not be listed"
      text={(item) => item.title}
      useOptions={useCaseEvidence}
    />
  );
}

/** Identifiers on record to link to the entry, searched on the server (however the value is written). */
export function IdentifierPicker(props: PickerProps<IdentifierOption>) {
  return (
    <SearchedPicker<IdentifierOption>
      {...props}
      id="journal-entry-identifiers"
      label="Identifiers to link"
      placeholder="Search identifiers"
      helperText="Identifiers on record. Those written in the description are offered above."
      failedText="Identifiers could not be listed"
      text={(item) => `${item.displayValue} (${item.typeLabel})`}
      useOptions={useIdentifierOptions}
    />
  );
}
