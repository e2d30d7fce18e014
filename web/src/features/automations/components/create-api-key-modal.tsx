import { DatePicker, DatePickerInput } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { createApiKeyBodySchema, type CreatedApiKey } from '@scamtrail/domain/automations';
import { PERMISSION_LABELS } from '@scamtrail/domain/permission-labels';
import type { Permission } from '@scamtrail/domain/permissions';
import { FormModal } from '../../../components/form-modal';
import { useSession } from '../../../lib/session';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateApiKey } from '../api/create-api-key';
import { endOfDayIso, filterScopes, grantableScopes } from './scope-options';
import { MultiSelect } from '../../../components/keep-selection-on-escape';
import '../../../styles/carbon/date-picker.scss';

const FIELDS = ['name', 'scopes', 'expiresAt'] as const;

/** The picker's date format (flatpickr's tokens; Carbon's default): 12/31/2027. */
const DATE_FORMAT = 'm/d/Y';
const DAY_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const EXPIRY_UNREADABLE = 'Enter a date as mm/dd/yyyy';

/** The day `text` names in the picker's format (12/31/2027 or 1/5/2027), or null: 2/30/2027 is no day. */
function parseDay(text: string): Date | null {
  const match = DAY_TEXT.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  const same = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return same ? date : null;
}

/** `date` as the picker writes it: 06/15/2026. */
function formatDay(date: Date): string {
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getDate())}/${date.getFullYear()}`;
}

/**
 * The picker reads typed text with this. Carbon's own reader turns what it cannot read into another day
 * (13/45/2027 becomes 01/01/2027); this one refuses it, so the picker never holds a day nobody chose.
 */
function pickerParseDate(text: string): Date | false {
  return parseDay(text) ?? false;
}

/**
 * The date field's text as the API's expiry: none when empty, else the end of that day, which the
 * domain's own rule then requires to be still to come.
 */
const expirySchema = z
  .string()
  // Typed as the domain's field takes it (which also allows leaving it out).
  .transform((text, ctx): string | null | undefined => {
    if (!text.trim()) return null;
    const day = parseDay(text);
    if (day) return endOfDayIso(day);
    ctx.addIssue({ code: 'custom', message: EXPIRY_UNREADABLE });
    return z.NEVER;
  })
  .pipe(createApiKeyBodySchema.shape.expiresAt);

/** The form as filled in: the expiry is the date field's text. */
const formSchema = createApiKeyBodySchema.extend({ expiresAt: expirySchema });

/** Whether `target` is in the picker's calendar (Tab from the field goes there: the field is not left yet). */
function isInCalendar(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.flatpickr-calendar') !== null;
}

interface CreateApiKeyModalProps {
  automationId: string;
  onClose: () => void;
  /** Called with the new key and its secret; the caller shows the secret. */
  onCreated: (created: CreatedApiKey) => void;
}

/** The API key creation dialog: a name, scopes the creator holds, an optional expiry. */
export function CreateApiKeyModal({ automationId, onClose, onCreated }: CreateApiKeyModalProps) {
  const { user } = useSession();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  // The date field's text: what was typed, or the day picked in the calendar. The picker does not report
  // a date typed and then left (Tab, or a click outside the open calendar), and empties the field when it
  // cannot read the text, so the expiry is read from this, on leaving the field and on submit.
  const expiryText = useRef('');
  const [expiryProblem, setExpiryProblem] = useState<string | null>(null);
  // Today, in the picker's format; set once, as the picker rewrites the field whenever its minDate changes.
  const [today] = useState(() => formatDay(new Date()));
  const { fieldErrors, errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    'Failed to create the API key',
  );
  const create = useCreateApiKey();
  const options = grantableScopes(user?.permissions);
  const expiryError = expiryProblem ?? fieldErrors.expiresAt;

  function changeExpiry(text: string) {
    expiryText.current = text;
    setExpiryProblem(null);
    clearError('expiresAt');
  }

  /** Shows the field's text again where the picker emptied or rewrote it. */
  function restoreExpiryText(input: HTMLInputElement) {
    if (input.value !== expiryText.current) input.value = expiryText.current;
  }

  function checkExpiry() {
    const expiry = expirySchema.safeParse(expiryText.current);
    setExpiryProblem(expiry.success ? null : expiry.error.issues[0].message);
  }

  async function submit() {
    setExpiryProblem(null);
    const input = { name, scopes, expiresAt: expiryText.current };
    await run(formSchema.safeParse(input), async (body) => {
      onCreated(await create.mutateAsync({ automationId, body }));
    });
  }

  return (
    <FormModal
      size="md"
      title="Create API key"
      primaryButtonText="Create key"
      loading={create.isPending}
      loadingDescription="Creating..."
      formError={formError}
      formRef={formRef}
      formErrorTitle="Not created"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        id="api-key-name"
        labelText="Name"
        helperText="What uses the key, e.g. “Inbox scanner production”. No two active keys of an automation share a name."
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          clearError('name');
        }}
        {...errorProps('name')}
      />
      <MultiSelect<Permission>
        id="api-key-scopes"
        titleText="Scopes"
        placeholder="Choose permissions"
        helperText="The key can do only this. You can grant only permissions you hold."
        items={options}
        itemToString={(item) => (item ? PERMISSION_LABELS[item] : '')}
        filterItems={filterScopes}
        selectedItems={scopes}
        onChange={({ selectedItems }) => {
          setScopes(selectedItems ?? []);
          clearError('scopes');
        }}
        selectionFeedback="top-after-reopen"
        {...errorProps('scopes')}
      />
      <DatePicker
        datePickerType="single"
        dateFormat={DATE_FORMAT}
        allowInput
        minDate={today}
        // Deprecated with the rest of Carbon's flatpickr options, and still the only way to stop the
        // picker from reading 13/45/2027 as another day.
        parseDate={pickerParseDate}
        onChange={(dates, dateText, picker) => {
          if (dates.length > 0) {
            changeExpiry(dateText);
          } else {
            // The picker could not take the text (unreadable, or a day before today) and emptied the field.
            restoreExpiryText(picker.input);
            checkExpiry();
          }
        }}
        onClose={(_dates, _dateText, picker) => restoreExpiryText(picker.input)}
      >
        <DatePickerInput
          id="api-key-expiry"
          labelText="Expires on (optional)"
          placeholder="mm/dd/yyyy"
          helperText="The key works until the end of this day. Leave empty for a key that does not expire."
          invalid={Boolean(expiryError)}
          invalidText={expiryError}
          onChange={(event) => changeExpiry(event.target.value)}
          onBlur={(event) => {
            if (isInCalendar(event.relatedTarget)) return;
            restoreExpiryText(event.target);
            checkExpiry();
          }}
        />
      </DatePicker>
    </FormModal>
  );
}
