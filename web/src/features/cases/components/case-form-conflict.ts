import { CASE_PRIORITY_LABELS, SCAM_TYPE_LABELS, type Case } from '@scamtrail/domain/cases';
import { caseFormValues, type CaseFormValues } from './case-form-values';

/** The ids of `current`, with what the user added to `base` and without what they took away. */
function rebaseSet(edited: string[], base: string[], current: string[]): string[] {
  const added = edited.filter((id) => !base.includes(id));
  const removed = base.filter((id) => !edited.includes(id));
  return [...new Set([...current, ...added])].filter((id) => !removed.includes(id));
}

/**
 * The dialog's values moved onto the case as someone else has just saved it: each field the user
 * changed keeps their value, every other field takes the current one, and the tags and assignees they
 * added or took away are added to or taken from the current sets.
 */
export function rebaseCaseForm(values: CaseFormValues, base: Case, current: Case): CaseFormValues {
  const before = caseFormValues(base);
  const now = caseFormValues(current);
  const pick = <K extends keyof CaseFormValues>(key: K) =>
    JSON.stringify(values[key]) === JSON.stringify(before[key]) ? now[key] : values[key];
  const lossEdited = values.lossAmount !== before.lossAmount || values.lossCurrency !== before.lossCurrency;
  return {
    ...values,
    title: pick('title'),
    description: pick('description'),
    priority: pick('priority'),
    scamType: pick('scamType'),
    groupId: pick('groupId'),
    lossAmount: lossEdited ? values.lossAmount : now.lossAmount,
    lossCurrency: lossEdited ? values.lossCurrency : now.lossCurrency,
    assigneeIds: rebaseSet(values.assigneeIds, before.assigneeIds, now.assigneeIds),
    tagIds: rebaseSet(values.tagIds, before.tagIds, now.tagIds),
  };
}

const listed = (names: string[]) => names.join(', ') || 'none';

/** What another person changed between `base` and `current`, each as "Field: its value now". */
export function describeCaseChanges(base: Case, current: Case): string[] {
  const lines: string[] = [];
  const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  if (changed(base.title, current.title)) lines.push(`Title: ${current.title}`);
  if (changed(base.description, current.description)) lines.push('Description changed');
  if (changed(base.status, current.status)) lines.push(`Status: ${current.status}`);
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
