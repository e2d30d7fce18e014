import { InlineNotification, Stack } from '@carbon/react';
import { AppModal, type AppModalProps } from './app-modal';

export interface FormModalProps extends Omit<AppModalProps, 'open' | 'onSubmit'> {
  /** A message for the top of the form, shown when set (see useFormSubmission). */
  formError: string | null;
  /** The title of that message. */
  formErrorTitle?: string;
  onSubmit: () => Promise<void> | void;
}

/** A form dialog: AppModal, open, with its fields stacked under the form's error message, if any. */
export function FormModal({
  formError,
  formErrorTitle = 'Not saved',
  loadingDescription = 'Saving...',
  onSubmit,
  children,
  ...props
}: FormModalProps) {
  return (
    <AppModal open loadingDescription={loadingDescription} onSubmit={() => void onSubmit()} {...props}>
      <Stack gap={6}>
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
