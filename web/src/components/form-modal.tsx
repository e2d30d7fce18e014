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
 * Whether focus is where the submit left it rather than where a person put it: nowhere (<body>), or
 * still on the dialog's primary action. A disabled button lets go of focus only at the browser's next
 * rendering step: a failure that takes a moment (a 503) finds focus on <body>, one that comes at once
 * (a refused connection) finds it still on the button, and AppModal gives it back to the button when
 * the button is enabled again. Either way the failure is the news.
 */
function focusLeftBySubmit(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.hasAttribute('data-modal-primary-focus');
}

/**
 * The form's message (a save that failed), or a confirmation's (an action that failed). When the
 * message comes and focus is where the submit left it (focusLeftBySubmit), it goes to the message,
 * inside the dialog, where a screen reader reads it and the next Tab continues in the dialog. Focus
 * in a field (Enter pressed there) stays.
 */
export function FormErrorNotice({ title, message }: { title: string; message: string }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusLeftBySubmit()) notice.current?.focus();
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
