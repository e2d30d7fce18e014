import {
  CASE_PRIORITY_LABELS,
  CASE_RESOLUTION_LABELS,
  CASE_STATUS_LABELS,
  SCAM_TYPE_LABELS,
  type Case,
} from '@scamtrail/domain/cases';
import { rebaseIds, rebaseValues } from '../../../lib/edit-conflicts';
import { caseFormValues, type CaseFormValues } from './case-form-values';

/**
 * The dialog's values moved onto the case as someone else has just saved it: each field the user
 * changed keeps their value, every other field takes the current one, and the tags and assignees they
 * added or took away are added to or taken from the current sets.
 */
export function rebaseCaseForm(values: CaseFormValues, base: Case, current: Case): CaseFormValues {
  const before = caseFormValues(base);
  const now = caseFormValues(current);
  // The amount and its currency are one value: the user's pair, or the current one.
  const lossEdited = values.lossAmount !== before.lossAmount || values.lossCurrency !== before.lossCurrency;
  return {
    ...rebaseValues(values, before, now),
    lossAmount: lossEdited ? values.lossAmount : now.lossAmount,
    lossCurrency: lossEdited ? values.lossCurrency : now.lossCurrency,
    assigneeIds: rebaseIds(values.assigneeIds, before.assigneeIds, now.assigneeIds),
    tagIds: rebaseIds(values.tagIds, before.tagIds, now.tagIds),
  };
}

const listed = (names: string[]) => names.join(', ') || 'none';

/** What another person changed between `base` and `current`, each as "Field: its value now". */
export function describeCaseChanges(base: Case, current: Case): string[] {
  const lines: string[] = [];
  const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  if (changed(base.title, current.title)) lines.push(`Title: ${current.title}`);
  if (changed(base.description, current.description)) lines.push('Description changed');
  if (changed(base.status, current.status)) lines.push(`Status: ${CASE_STATUS_LABELS[current.status]}`);
  if (changed(base.resolution, current.resolution)) {
    lines.push(`Resolution: ${current.resolution ? CASE_RESOLUTION_LABELS[current.resolution] : 'none'}`);
  }
  if (changed(base.closureNotes, current.closureNotes)) lines.push('Closure notes changed');
  if (changed(base.priority, current.priority)) {
    lines.push(`Priority: ${CASE_PRIORITY_LABELS[current.priority]}`);
  }
  if (changed(base.scamType, current.scamType)) {
    lines.push(`Scam type: ${current.scamType ? SCAM_TYPE_LABELS[current.scamType] : 'not known'}`);
  }
  if (changed(base.reportedLoss, current.reportedLoss)) {
    const loss = current.reportedLoss;
    lines.push(`Reported loss: ${loss ? `${loss.amount} ${loss.currency}` : 'none'}`);
  }
  if (changed(base.group?.id, current.group?.id)) lines.push(`Group: ${current.group?.name ?? 'none'}`);
  const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();
  if (changed(ids(base.assignees), ids(current.assignees))) {
    lines.push(`Assignees: ${listed(current.assignees.map((user) => user.fullName))}`);
  }
  if (changed(ids(base.tags), ids(current.tags))) {
    lines.push(`Tags: ${listed(current.tags.map((tag) => tag.name))}`);
  }
  return lines;
}
