import { TextInput } from '@carbon/react';
import { PASSKEY_NAME_MAX_LENGTH } from '@scamtrail/domain/passkeys';

interface PasskeyNameInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  invalidText?: string;
}

/** A passkey's name, in the add and rename dialogs. */
export function PasskeyNameInput({ id, value, onChange, ...errorProps }: PasskeyNameInputProps) {
  return (
    <TextInput
      id={id}
      labelText="Name"
      maxLength={PASSKEY_NAME_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...errorProps}
    />
  );
}
