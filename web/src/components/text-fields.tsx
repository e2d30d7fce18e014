import {
  PasswordInput as CarbonPasswordInput,
  TextArea as CarbonTextArea,
  TextInput as CarbonTextInput,
  type PasswordInputProps,
  type TextAreaProps,
  type TextInputProps,
} from '@carbon/react';
import { forwardRef, useLayoutEffect, useRef, type ForwardedRef } from 'react';

/*
 * Carbon's invalid text fields point at their message with `aria-errormessage` alone, which many screen
 * readers do not read, and which axe counts as a critical fault (aria-valid-attr-value). These fields
 * also name the message in `aria-describedby`, so it is read with the field. Carbon names the message
 * `{id}-error-msg`; while the field is valid, Carbon's own description (helper text, warning) stays.
 */

const errorIdOf = (id: string) => `${id}-error-msg`;

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(props, ref) {
  if (!props.invalid) return <CarbonTextInput ref={ref} {...props} />;
  // Carbon passes this prop on to the input as it is (and, left unset, would describe it by nothing).
  const describedBy = [props['aria-describedby'], errorIdOf(props.id)].filter(Boolean).join(' ');
  return <CarbonTextInput ref={ref} {...props} aria-describedby={describedBy} />;
});

export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(props, ref) {
    if (!props.invalid) return <CarbonPasswordInput ref={ref} {...props} />;
    const describedBy = [props['aria-describedby'], errorIdOf(props.id)].filter(Boolean).join(' ');
    return <CarbonPasswordInput ref={ref} {...props} aria-describedby={describedBy} />;
  },
);

function assign<T>(ref: ForwardedRef<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(props, ref) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const { id = '', invalid = false } = props;
  // Carbon writes the textarea's aria-describedby itself (none while invalid): set after it renders.
  useLayoutEffect(() => {
    const field = element.current;
    if (!field) return;
    const errorId = errorIdOf(id);
    if (invalid) field.setAttribute('aria-describedby', errorId);
    else if (field.getAttribute('aria-describedby') === errorId) field.removeAttribute('aria-describedby');
  }, [id, invalid]);
  return (
    <CarbonTextArea
      ref={(value: HTMLTextAreaElement | null) => {
        element.current = value;
        assign(ref, value);
      }}
      {...props}
    />
  );
});
