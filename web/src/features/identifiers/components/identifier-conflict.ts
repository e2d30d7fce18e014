import { rebaseValues } from '../../../lib/edit-conflicts';
import type { IdentifierItem } from '../api/identifier-types';
import { valuesFrom, type FieldValues } from './use-identifier-form';

/**
 * The form moved onto the identifier as someone else has just saved it: a type the user chose stays
 * with their fields; otherwise the type is the current one, and each field the user changed keeps
 * their value while the others take the current ones.
 */
export function rebaseIdentifierForm(
  form: { type: string; values: FieldValues },
  base: IdentifierItem,
  current: IdentifierItem,
): { type: string; values: FieldValues } {
  if (form.type !== base.type) return form;
  const before = valuesFrom(base.type, base.data);
  const now = valuesFrom(current.type, current.data);
  // Compared field by field over the current type's fields: one the base type lacks counts as untouched.
  const edited: FieldValues = {};
  const from: FieldValues = {};
  for (const name of Object.keys(now)) {
    from[name] = before[name] ?? now[name];
    edited[name] = form.values[name] ?? from[name];
  }
  return { type: current.type, values: rebaseValues(edited, from, now) };
}

/** What another person changed between `base` and `current`, each as "Field: its value now". */
export function describeIdentifierChanges(base: IdentifierItem, current: IdentifierItem): string[] {
  const lines: string[] = [];
  if (base.type !== current.type) lines.push(`Type: ${current.typeLabel}`);
  if (base.displayValue !== current.displayValue) lines.push(`Value: ${current.displayValue}`);
  else if (JSON.stringify(base.data) !== JSON.stringify(current.data)) lines.push('Details changed');
  return lines;
}
