import { Button, Form, InlineLoading, InlineNotification, Stack } from '@carbon/react';
import { ArrowRight } from '@carbon/icons-react';
import { useState, type FormEvent, type RefObject } from 'react';
import { TextInput } from '../../../components/text-fields';
import { describeDeviceError } from './device-error';

interface DeviceCodeFormProps {
  /** The code field, for the page to focus. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Continue, for the page to focus when the code came in the link. */
  submitRef?: RefObject<HTMLButtonElement | null>;
  initialCode: string;
  pending: boolean;
  error: unknown;
  onSubmit: (userCode: string) => void;
}

/** The code the device shows, typed or filled in from the link (`?user_code=`). */
export function DeviceCodeForm({
  inputRef,
  submitRef,
  initialCode,
  pending,
  error,
  onSubmit,
}: DeviceCodeFormProps) {
  const [code, setCode] = useState(initialCode);
  const [emptyError, setEmptyError] = useState<string>();
  const failure = error ? describeDeviceError(error) : null;
  const fieldError = emptyError ?? failure?.field;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setEmptyError('Enter the code your device shows');
      inputRef.current?.focus();
      return;
    }
    setEmptyError(undefined);
    onSubmit(code.trim());
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Device code">
      <Stack gap={6}>
        {failure && !failure.field && (
          <InlineNotification
            kind="error"
            title={failure.title}
            subtitle={failure.subtitle}
            lowContrast
            hideCloseButton
          />
        )}
        <TextInput
          id="device-user-code"
          ref={inputRef}
          name="userCode"
          labelText="Code"
          helperText="The code your device or terminal shows, like WDJB-MJHT"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setEmptyError(undefined);
          }}
          invalid={Boolean(fieldError)}
          invalidText={fieldError}
        />
        <Button
          ref={submitRef}
          type="submit"
          className="device-review__action"
          renderIcon={pending ? undefined : ArrowRight}
          disabled={pending}
        >
          {pending ? <InlineLoading description="Looking up the code..." /> : 'Continue'}
        </Button>
      </Stack>
    </Form>
  );
}
