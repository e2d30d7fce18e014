import { InlineNotification, Stack } from '@carbon/react';
import { useEffect, useRef, type Ref } from 'react';
import { AppModal, type AppModalProps } from './app-modal';
import { submitOnEnter } from './submit-on-enter';

export interface FormModalProps extends Omit<AppModalProps, 'open' | 'onSubmit'> {
  /** A message for the top of the form, shown when set (see useFormSubmission). */
  formError: string | null;
  /** The title of that message. */
  formErrorTitle?: string;
  /** Holds the fields: where the first invalid one is looked for (see useFormSubmission). */
  formRef?: Ref<HTMLDivElement>;
  onSubmit: () => Promise<void> | void;
}

/**
 * The form's message (a save that failed), or a confirmation's (an action that failed). While saving,
 * the disabled primary action lets go of focus; when the message comes and focus is nowhere (on
 * <body>), it goes to the message, inside the dialog, where a screen reader reads it and the next Tab
 * continues in the dialog.
 */
export function FormErrorNotice({ title, message }: { title: string; message: string }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) notice.current?.focus();
  }, [message]);
  return (
    <div ref={notice} tabIndex={-1} className="form-modal__error">
      <InlineNotification kind="error" lowContrast hideCloseButton title={title} subtitle={message} />
    </div>
  );
}

/**
 * A form dialog: AppModal, open, with its fields stacked under the form's error message, if any. Enter
 * in a single-line field sends it, unless it is saving or its primary action is disabled.
 */
export function FormModal({
  formError,
  formErrorTitle = 'Not saved',
  loadingDescription = 'Saving...',
  formRef,
  onSubmit,
  children,
  ...props
}: FormModalProps) {
  return (
    <AppModal open loadingDescription={loadingDescription} onSubmit={() => void onSubmit()} {...props}>
      <Stack
        gap={6}
        ref={formRef}
        onKeyDown={submitOnEnter(
          () => void onSubmit(),
          Boolean(props.loading || props.primaryButtonDisabled),
        )}
      >
        {formError && <FormErrorNotice title={formErrorTitle} message={formError} />}
        {children}
      </Stack>
    </AppModal>
  );
}
