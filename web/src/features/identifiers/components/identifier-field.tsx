import { Select, SelectItem } from '@carbon/react';
import { TextArea, TextInput } from '../../../components/text-fields';
import type { IdentifierFieldDefinition } from '@scamtrail/domain/identifiers/catalogue';

interface IdentifierFieldProps {
  field: IdentifierFieldDefinition;
  /** Prefix of the input id, so two forms on one page never share ids. */
  idPrefix: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** One data field of the identifier form, drawn as the catalogue describes it. */
export function IdentifierField({
  field,
  idPrefix,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: IdentifierFieldProps) {
  const id = `${idPrefix}-${field.name}`;
  const labelText = field.required ? field.label : `${field.label} (optional)`;
  const common = {
    id,
    name: field.name,
    labelText,
    value,
    disabled,
    invalid: !!error,
    invalidText: error,
    helperText: field.helpText,
    onBlur,
  };

  if (field.kind === 'select') {
    const options = field.options ?? [];
    return (
      <Select {...common} onChange={(event) => onChange(event.target.value)}>
        {options.length !== 1 && <SelectItem value="" text={`Choose ${field.label.toLowerCase()}`} />}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} text={option.label} />
        ))}
      </Select>
    );
  }
  if (field.kind === 'textarea') {
    return (
      <TextArea
        {...common}
        rows={3}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <TextInput
      {...common}
      placeholder={field.placeholder}
      maxLength={field.maxLength}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
