import { TextInput } from '../../../components/text-fields';
import type { Ref } from 'react';
import { PASSKEY_NAME_MAX_LENGTH } from '@scamtrail/domain/passkeys';

interface PasskeyNameInputProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  invalidText?: string;
}

/** A passkey's name, in the add and rename dialogs. */
export function PasskeyNameInput({ id, ref, value, onChange, ...errorProps }: PasskeyNameInputProps) {
  return (
    <TextInput
      id={id}
      ref={ref}
      labelText="Name"
      maxLength={PASSKEY_NAME_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...errorProps}
    />
  );
}
