import { InlineNotification, Stack } from '@carbon/react';
import type { Ref } from 'react';
import { AppModal, type AppModalProps } from './app-modal';

export interface FormModalProps extends Omit<AppModalProps, 'open' | 'onSubmit'> {
  /** A message for the top of the form, shown when set (see useFormSubmission). */
  formError: string | null;
  /** The title of that message. */
  formErrorTitle?: string;
  /** Holds the fields: where the first invalid one is looked for (see useFormSubmission). */
  formRef?: Ref<HTMLDivElement>;
  onSubmit: () => Promise<void> | void;
}

/** A form dialog: AppModal, open, with its fields stacked under the form's error message, if any. */
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
      <Stack gap={6} ref={formRef}>
        {formError && (
          <InlineNotification
            kind="error"
            lowContrast
            hideCloseButton
            title={formErrorTitle}
            subtitle={formError}
          />
        )}
        {children}
      </Stack>
    </AppModal>
  );
}
