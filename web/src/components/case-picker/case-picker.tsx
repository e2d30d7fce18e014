import { ComboBox } from '../keep-selection-on-escape';
import { useState } from 'react';
import { caseLabel } from '@scamtrail/domain/case-labels';
import type { CaseRef } from '@scamtrail/domain/cases';
import { errorMessage } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCaseOptions, useCaseRef } from './get-case-options';

interface CasePickerProps {
  id: string;
  titleText: string;
  hideLabel?: boolean;
  placeholder: string;
  /** The chosen case's id, '' for none. */
  value: string;
  onChange: (caseId: string) => void;
  size?: 'sm' | 'md' | 'lg';
  helperText?: string;
  invalidText?: string;
  disabled?: boolean;
  className?: string;
  /** Cases never offered (the case being closed as a duplicate of another, those linked already). */
  excludeIds?: readonly string[];
}

/**
 * A case, searched for on the server as the person types (`GET /api/cases?search=`: by its title or
 * number first, then by its description). The chosen case stays named even when it is not among the
 * cases the search answered. The search is silent: a refusal is said under the field, not as a toast.
 */
export function CasePicker(props: CasePickerProps) {
  const [input, setInput] = useState('');
  const [isOpen, setOpen] = useState(false);
  const search = useDebouncedValue(input.trim());
  const chosen = useCaseRef(props.value || undefined);
  // Until the list is opened there is nothing to search; the chosen case is named by its own query.
  const options = useCaseOptions(search, isOpen);
  const selected = props.value
    ? (chosen.data ?? options.data?.find((item) => item.id === props.value))
    : null;
  const items = (options.data ?? []).filter((item) => !props.excludeIds?.includes(item.id));
  if (selected && !items.some((item) => item.id === selected.id)) items.unshift(selected);

  return (
    <div className={props.className} onFocus={() => setOpen(true)} onPointerDown={() => setOpen(true)}>
      <ComboBox<CaseRef>
        id={props.id}
        titleText={
          props.hideLabel ? <span className="cds--visually-hidden">{props.titleText}</span> : props.titleText
        }
        placeholder={props.placeholder}
        size={props.size}
        helperText={
          options.isError ? errorMessage(options.error, 'Cases cannot be listed.') : props.helperText
        }
        invalid={Boolean(props.invalidText)}
        invalidText={props.invalidText}
        disabled={props.disabled}
        items={items}
        itemToString={(item) => (item ? caseLabel(item) : '')}
        selectedItem={selected ?? null}
        // The server searched already: every answer it gave is a match.
        shouldFilterItem={() => true}
        onInputChange={(text) => setInput(text === (selected ? caseLabel(selected) : '') ? '' : text)}
        onChange={({ selectedItem }) => props.onChange(selectedItem?.id ?? '')}
      />
    </div>
  );
}
