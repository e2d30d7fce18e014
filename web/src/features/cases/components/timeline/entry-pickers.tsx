import { DismissibleTag } from '@carbon/react';
import { useState } from 'react';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { errorMessage } from '../../../../lib/api-error';
import { useEvidenceOptions, type EvidenceOption } from '../../api/journal-evidence-options';
import { useIdentifierOptions, type IdentifierOption } from '../../api/journal-identifiers';
import { MultiSelect } from '../../../../components/keep-selection-on-escape';

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

/** Evidence of the case to link to the entry, searched by title on the server. */
export function EvidencePicker({
  caseId,
  selected,
  onChange,
  invalidText,
}: PickerProps<EvidenceOption> & { caseId: string }) {
  const [search, setSearch] = useState('');
  const options = useEvidenceOptions(caseId, useDebouncedValue(search.trim()));
  const items = withSelected(selected, options.data);
  const helper = options.isError
    ? `The case's evidence could not be listed: ${errorMessage(options.error, 'please try again')}`
    : 'Evidence of this case. Type to search by title.';
  return (
    <div className="timeline-dialog__picker">
      <MultiSelect<EvidenceOption>
        id="journal-entry-evidence"
        titleText="Evidence to link (optional)"
        placeholder="Search the case's evidence"
        helperText={helper}
        items={items}
        itemToString={(item) => item?.title ?? ''}
        filterItems={keepAll}
        onInputValueChange={({ inputValue }) => setSearch(inputValue ?? '')}
        selectedItems={selected}
        onChange={({ selectedItems }) => onChange(selectedItems ?? [])}
        selectionFeedback="top-after-reopen"
        invalid={Boolean(invalidText)}
        invalidText={invalidText}
      />
      <ChosenTags
        label="Evidence to link"
        items={selected}
        text={(item) => item.title}
        onRemove={(id) => onChange(selected.filter((item) => item.id !== id))}
      />
    </div>
  );
}

/** Identifiers already on record to link to the entry, searched by display value on the server. */
export function IdentifierPicker({ selected, onChange, invalidText }: PickerProps<IdentifierOption>) {
  const [search, setSearch] = useState('');
  const options = useIdentifierOptions(useDebouncedValue(search.trim()));
  const items = withSelected(selected, options.data);
  const text = (item: IdentifierOption) => `${item.displayValue} (${item.typeLabel})`;
  return (
    <div className="timeline-dialog__picker">
      <MultiSelect<IdentifierOption>
        id="journal-entry-identifiers"
        titleText="Identifiers to link (optional)"
        placeholder="Search identifiers"
        helperText={
          options.isError
            ? `Identifiers could not be listed: ${errorMessage(options.error, 'please try again')}`
            : 'Identifiers on record. Those written in the description are offered above.'
        }
        items={items}
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
        label="Identifiers to link"
        items={selected}
        text={text}
        onRemove={(id) => onChange(selected.filter((item) => item.id !== id))}
      />
    </div>
  );
}
