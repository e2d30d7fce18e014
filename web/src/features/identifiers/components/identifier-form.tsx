import { ActionableNotification, InlineNotification, Select, SelectItem, Stack } from '@carbon/react';
import type { FormEvent, ReactNode, Ref } from 'react';
import type { OriginatorSummary } from '@scamtrail/domain/originators';
import { getIdentifierFields } from '@scamtrail/domain/identifiers/catalogue';
import { IDENTIFIER_MESSAGES } from '@scamtrail/domain/identifiers/messages';
import { IDENTIFIER_TYPE_OPTIONS } from '@scamtrail/domain/identifiers/type-options';
import { ReportedByPicker } from '../../../components/reported-by-picker';
import { keepFocusOnPress } from '../../../lib/modal-press';
import type { SubmitFailure } from '../utils/save-failure';
import { DetectFromText } from './detect-from-text';
import { IdentifierField } from './identifier-field';
import type { IdentifierFormState } from './use-identifier-form';

/** "Reported by": the community member a new identifier is entered for; null: the user's own. */
export interface ReportedByField {
  value: OriginatorSummary | null;
  onChange: (originator: OriginatorSummary | null) => void;
}

interface IdentifierFormProps {
  form: IdentifierFormState;
  idPrefix: string;
  /** Offer "Detect from text" (creation only). */
  detection?: boolean;
  /** Where "Detect from text" reads numbers written without a country code (the server's setting). */
  defaultPhoneRegion?: string;
  /** Offer "Reported by" (creation only, for users who may list community members). */
  reportedBy?: ReportedByField;
  disabled?: boolean;
  failure?: SubmitFailure | null;
  onOpenExisting?: (id: string) => void;
  onSubmit: () => void;
  /** Holds the fields: the first invalid one takes the focus after a refused submit. */
  formRef?: Ref<HTMLDivElement>;
  /** Buttons inside the form (the page); a modal has its buttons in its footer instead. */
  actions?: ReactNode;
}

/** The identifier form of spec 5, shared by the create modal, the edit modal and /identifiers/new. */
export function IdentifierForm({
  form,
  idPrefix,
  detection = false,
  defaultPhoneRegion,
  reportedBy,
  disabled = false,
  failure,
  onOpenExisting,
  onSubmit,
  formRef,
  actions,
}: IdentifierFormProps) {
  const fields = getIdentifierFields(form.type);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form
      className="identifier-form"
      noValidate
      onSubmit={submit}
      onMouseDown={keepFocusOnPress}
      aria-label="Identifier"
    >
      <Stack gap={6} ref={formRef}>
        {form.showSummary && (
          <InlineNotification
            kind="error"
            title={IDENTIFIER_MESSAGES.formSummary}
            hideCloseButton
            lowContrast
          />
        )}
        {failure &&
          (failure.existingId && onOpenExisting ? (
            <ActionableNotification
              kind="error"
              inline
              lowContrast
              hideCloseButton
              title={failure.message}
              actionButtonLabel="Open the existing identifier"
              onActionButtonClick={() => onOpenExisting(failure.existingId!)}
            />
          ) : (
            <InlineNotification kind="error" title={failure.message} hideCloseButton lowContrast />
          ))}
        {detection && (
          <DetectFromText
            idPrefix={idPrefix}
            disabled={disabled}
            defaultRegion={defaultPhoneRegion}
            onUse={form.fill}
          />
        )}
        <Select
          id={`${idPrefix}-type`}
          labelText="Type of identifier"
          value={form.type}
          disabled={disabled}
          invalid={!!form.errors.type}
          invalidText={form.errors.type}
          onChange={(event) => form.setType(event.target.value)}
        >
          <SelectItem value="" text="Choose a type" />
          {IDENTIFIER_TYPE_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value} text={option.label} />
          ))}
        </Select>
        {fields.map((field) => (
          <IdentifierField
            key={`${form.type}-${field.name}`}
            field={field}
            idPrefix={idPrefix}
            value={form.values[field.name] ?? ''}
            error={form.errors[field.name]}
            disabled={disabled}
            onChange={(value) => form.setValue(field.name, value)}
            onBlur={() => form.blur(field.name)}
          />
        ))}
        {reportedBy && (
          <ReportedByPicker
            id={`${idPrefix}-reported-by`}
            value={reportedBy.value}
            disabled={disabled}
            onChange={(next) => {
              reportedBy.onChange(next);
              form.clearError('onBehalfOfOriginatorId');
            }}
            invalidText={form.errors.onBehalfOfOriginatorId}
          />
        )}
        {actions ?? (
          // Enter in a text field submits the form although the modal's buttons are outside it.
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        )}
      </Stack>
    </form>
  );
}
