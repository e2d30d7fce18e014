import { useCallback, useMemo, useState } from 'react';
import type { FieldError } from '@scamtrail/domain/errors';
import { getIdentifierFields } from '@scamtrail/domain/identifiers/catalogue';
import { validateIdentifier, validateIdentifierField } from '@scamtrail/domain/identifiers/validation';
import type { IdentifierInputBody } from '../api/identifier-types';

export type FieldValues = Record<string, string>;
/** Messages by field name; `type` is the type select. */
export type FieldErrors = Record<string, string>;

/** A type's empty form: every field blank, except selects with one option, which are preselected. */
export function initialValuesFor(type: string): FieldValues {
  const values: FieldValues = {};
  for (const field of getIdentifierFields(type)) {
    values[field.name] = field.kind === 'select' && field.options?.length === 1 ? field.options[0].value : '';
  }
  return values;
}

/** Server field paths (`data.address`, `type`) as form field names (`address`, `type`). */
export function toFormErrors(fields: readonly FieldError[] | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of fields ?? []) {
    const name = field.startsWith('data.') ? field.slice('data.'.length) : field;
    if (name && !(name in errors)) errors[name] = message;
  }
  return errors;
}

/** The body to send: the type and its non-blank fields (blank optional fields are simply absent). */
export function toInputBody(type: string, values: FieldValues): IdentifierInputBody {
  const data: Record<string, string> = {};
  for (const field of getIdentifierFields(type)) {
    const value = values[field.name] ?? '';
    if (value.trim() !== '') data[field.name] = value;
  }
  return { type, data };
}

export interface IdentifierFormInit {
  type?: string;
  data?: Record<string, unknown>;
}

/** The form's values of a stored identifier: its type's fields, filled from its data. */
export function valuesFrom(type: string, data: Record<string, unknown> = {}): FieldValues {
  const values = initialValuesFor(type);
  for (const name of Object.keys(values)) {
    if (typeof data[name] === 'string') values[name] = data[name] as string;
  }
  return values;
}

/**
 * The state of the identifier form (spec 5): type first, fields per type, fields reset when the
 * type changes, blur messages per field, submit messages for all fields plus the summary flag.
 */
export function useIdentifierForm(init: IdentifierFormInit = {}) {
  const [type, setTypeState] = useState(init.type ?? '');
  const [values, setValues] = useState<FieldValues>(() => valuesFrom(init.type ?? '', init.data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showSummary, setShowSummary] = useState(false);

  const setType = useCallback((next: string) => {
    setTypeState(next);
    setValues(initialValuesFor(next));
    setErrors({});
    setShowSummary(false);
  }, []);

  /** Fills the form from detected or stored data: the type's fields, the rest blank. */
  const fill = useCallback((next: string, data: Record<string, unknown>) => {
    setTypeState(next);
    setValues(valuesFrom(next, data));
    setErrors({});
    setShowSummary(false);
  }, []);

  /** Retires a field's message (its value changed, so the message no longer describes it). */
  const clearError = useCallback((name: string) => {
    setErrors(({ [name]: _retired, ...rest }) => rest);
  }, []);

  const setValue = useCallback(
    (name: string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      // A message describes the value it was given; editing the value retires it until the next check.
      clearError(name);
    },
    [clearError],
  );

  const blur = useCallback(
    (name: string) => {
      const message = validateIdentifierField(type, name, values, 'blur');
      setErrors((current) => {
        // A message still shown describes the value as it is (editing retires it): leaving the field,
        // as when a refused submit moves the focus to the first invalid field, keeps it.
        if (current[name]) return current;
        return message ? { ...current, [name]: message } : current;
      });
    },
    [type, values],
  );

  /** Checks the whole form; true when it may be sent. */
  const validate = useCallback((): boolean => {
    const found = toFormErrors(validateIdentifier(type, values));
    setErrors(found);
    setShowSummary(Object.keys(found).length > 0);
    return Object.keys(found).length === 0;
  }, [type, values]);

  /** Shows the field errors the server answered beside their fields, with the summary. */
  const applyServerErrors = useCallback((fields: readonly FieldError[]) => {
    const found = toFormErrors(fields);
    setErrors(found);
    setShowSummary(Object.keys(found).length > 0);
  }, []);

  const body = useMemo(() => toInputBody(type, values), [type, values]);
  const hasErrors = Object.keys(errors).length > 0;

  return {
    type,
    values,
    errors,
    showSummary: showSummary && hasErrors,
    body,
    setType,
    fill,
    setValue,
    clearError,
    blur,
    validate,
    applyServerErrors,
  };
}

export type IdentifierFormState = ReturnType<typeof useIdentifierForm>;
