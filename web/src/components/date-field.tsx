import { DatePicker, DatePickerInput } from '@carbon/react';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { z } from 'zod';
import { parseDay } from '../lib/day-text';
import '../styles/carbon/date-picker.scss';

/** The picker's date format (flatpickr's tokens; Carbon's default): 12/31/2027. */
const DATE_FORMAT = 'm/d/Y';

/**
 * The picker reads typed text with this. Carbon's own reader turns what it cannot read into another day
 * (13/45/2027 becomes 01/01/2027); this one refuses it, so the picker never holds a day nobody chose.
 */
function pickerParseDate(text: string): Date | false {
  return parseDay(text) ?? false;
}

/** Whether `target` is in the picker's calendar (Tab from the field goes there: the field is not left yet). */
function isInCalendar(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.flatpickr-calendar') !== null;
}

interface DateFieldProps {
  id: string;
  labelText: string;
  helperText?: string;
  /**
   * The field's text: what was typed, or the day picked in the calendar (mm/dd/yyyy). Read as the field
   * opens; give the field a new key to show another.
   */
  value: string;
  onChange: (text: string) => void;
  /**
   * What the text must be, checked when the field is left; its first message shows on the field. The
   * form parses the text with the same schema on submit.
   */
  schema: z.ZodType<unknown, string>;
  /** The form's message for the field (a refused submit, the server's). */
  invalidText?: string;
  /** The first day the calendar offers, mm/dd/yyyy; set once, as the picker rewrites the field when it changes. */
  minDate?: string;
  disabled?: boolean;
}

/**
 * A day, typed or picked: Carbon's DatePicker, whose text is the field's value. The picker itself takes
 * typed text only on Enter: a date typed and then left (Tab, a click elsewhere, or the dialog's button,
 * which keeps focus in the field) was dropped, and an unreadable one emptied the field without a word.
 * Here the text is the value, reported as it is typed or picked, and kept where the picker would empty
 * or rewrite it; the form parses it on submit, and the field says what is wrong with it once left.
 * Tab from a field holding text leaves it, like any field's, instead of going into the calendar.
 */
export function DateField({
  id,
  labelText,
  helperText,
  value,
  onChange,
  schema,
  invalidText,
  minDate,
  disabled,
}: DateFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? invalidText;
  // The day the field opened with, selected in the calendar. Given once: the picker writes the day it is
  // given into the field, which would rewrite the text as it is typed.
  const [initialDay] = useState(() => parseDay(value) ?? undefined);

  function change(text: string) {
    setProblem(null);
    if (text !== value) onChange(text);
  }

  /** Shows the field's text again where the picker emptied or rewrote it. */
  function restoreText(input: HTMLInputElement) {
    if (input.value !== value) input.value = value;
  }

  function check() {
    const parsed = schema.safeParse(value);
    setProblem(parsed.success ? null : parsed.error.issues[0].message);
  }

  function leaveOnTab(event: KeyboardEvent<HTMLDivElement>) {
    // Before Carbon's own listener on the field, which moves focus into the calendar instead.
    if (event.key === 'Tab' && !event.shiftKey && event.target instanceof HTMLInputElement && value.trim()) {
      event.stopPropagation();
    }
  }

  return (
    <div onKeyDownCapture={leaveOnTab}>
      <DatePicker
        datePickerType="single"
        dateFormat={DATE_FORMAT}
        allowInput
        value={initialDay}
        minDate={minDate}
        // Deprecated with the rest of Carbon's flatpickr options, and still the only way to stop the
        // picker from reading 13/45/2027 as another day.
        parseDate={pickerParseDate}
        onChange={(dates, dateText, picker) => {
          if (dates.length > 0) {
            change(dateText);
          } else {
            // The picker could not take the text (unreadable, or a day before minDate) and emptied the field.
            restoreText(picker.input);
            check();
          }
        }}
        onClose={(_dates, _dateText, picker) => restoreText(picker.input)}
      >
        <DatePickerInput
          id={id}
          labelText={labelText}
          placeholder="mm/dd/yyyy"
          helperText={helperText}
          disabled={disabled}
          invalid={Boolean(error)}
          invalidText={error}
          // Carbon's input takes no value: the text is set as it opens, then kept where the picker changes it.
          defaultValue={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => change(event.target.value)}
          onBlur={(event) => {
            if (isInCalendar(event.relatedTarget)) return;
            restoreText(event.target);
            check();
          }}
        />
      </DatePicker>
    </div>
  );
}
