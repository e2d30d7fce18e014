import { z } from 'zod';
import {
  createCaseBodySchema,
  updateCaseBodySchema,
  type Case,
  type CasePriority,
  type CreateCaseBody,
  type ScamType,
  type UpdateCaseBody,
} from '@scamtrail/domain/cases';
import type { OriginatorSummary } from '@scamtrail/domain/originators';

/** What the case dialog holds while it is being filled in; '' is "not set". */
export interface CaseFormValues {
  title: string;
  description: string;
  priority: CasePriority;
  scamType: ScamType | '';
  groupId: string;
  assigneeIds: string[];
  tagIds: string[];
  /** The amount as typed (a number input's text), '' when none. */
  lossAmount: string;
  /** An ISO 4217 code, '' when none. */
  lossCurrency: string;
  /** A new case reported by a community member, entered for them; null: the user's own. */
  reportedBy: OriginatorSummary | null;
}

/** The dialog's fields, named as the form shows their messages. */
export const CASE_FORM_FIELDS = [
  'title',
  'description',
  'priority',
  'scamType',
  'groupId',
  'assigneeIds',
  'tagIds',
  // The server names an added id that it refuses as it was sent; the dialog shows it on the picker.
  'addAssigneeIds',
  'addTagIds',
  'reportedLoss',
  'reportedLoss.amount',
  'reportedLoss.currency',
  'onBehalfOfOriginatorId',
] as const;

export const LOSS_AMOUNT_REQUIRED = 'Enter the amount lost, or clear the currency';
export const LOSS_CURRENCY_REQUIRED = 'Choose the currency of the loss, or clear the amount';

export function caseFormValues(initial?: Case): CaseFormValues {
  return {
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    priority: initial?.priority ?? 'medium',
    scamType: initial?.scamType ?? '',
    groupId: initial?.group?.id ?? '',
    assigneeIds: initial?.assignees.map((user) => user.id) ?? [],
    tagIds: initial?.tags.map((tag) => tag.id) ?? [],
    lossAmount: initial?.reportedLoss ? String(initial.reportedLoss.amount) : '',
    lossCurrency: initial?.reportedLoss?.currency ?? '',
    reportedBy: null,
  };
}

type ParseResult<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/**
 * The reported loss: both amount and currency, or neither. A half-filled loss is an issue on the
 * missing half, so its message shows beside the field to fill.
 */
function readLoss(values: CaseFormValues): {
  loss: { amount: number; currency: string } | null;
  issues: z.core.$ZodIssue[];
} {
  const amount = values.lossAmount.trim();
  const currency = values.lossCurrency.trim();
  if (!amount && !currency) return { loss: null, issues: [] };
  const issue = (field: 'amount' | 'currency', message: string): z.core.$ZodIssue => ({
    code: 'custom',
    path: ['reportedLoss', field],
    message,
    input: undefined,
  });
  if (!amount) return { loss: null, issues: [issue('amount', LOSS_AMOUNT_REQUIRED)] };
  if (!currency) return { loss: null, issues: [issue('currency', LOSS_CURRENCY_REQUIRED)] };
  const number = Number(amount);
  return {
    loss: { amount: Number.isFinite(number) ? number : Number.NaN, currency },
    issues: [],
  };
}

/**
 * The reported loss's issues are kept apart (`reportedLoss.amount`, `reportedLoss.currency`), so each
 * shows on its own field; every other issue goes to its top-level field.
 */
function flattenLossPaths(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.map((issue) =>
    issue.path[0] === 'reportedLoss' && issue.path.length > 1
      ? { ...issue, path: [`reportedLoss.${String(issue.path[1])}`] }
      : issue,
  );
}

function combine<T>(
  parsed: ParseResult<T> | { success: true; data: T },
  extra: z.core.$ZodIssue[],
): ParseResult<T> {
  const issues = [...extra, ...(parsed.success ? [] : parsed.error.issues)];
  if (issues.length === 0 && parsed.success) return parsed;
  return { success: false, error: new z.ZodError(flattenLossPaths(issues)) };
}

/** The body of `POST /api/cases`, checked by the shared schema, from what the dialog holds. */
export function parseCreateCase(values: CaseFormValues): ParseResult<CreateCaseBody> {
  const { loss, issues } = readLoss(values);
  const parsed = createCaseBodySchema.safeParse({
    title: values.title,
    description: values.description,
    priority: values.priority,
    scamType: values.scamType || null,
    groupId: values.groupId || null,
    assigneeIds: values.assigneeIds,
    tagIds: values.tagIds,
    reportedLoss: loss,
    onBehalfOfOriginatorId: values.reportedBy?.id,
  });
  return combine(parsed, issues);
}

/** `add<Name>Ids` and `remove<Name>Ids` of the ids `after` adds to and takes from `before`, when any. */
function setChange(name: 'Assignee' | 'Tag', before: readonly string[], after: readonly string[]) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  return {
    ...(added.length > 0 && { [`add${name}Ids`]: added }),
    ...(removed.length > 0 && { [`remove${name}Ids`]: removed }),
  };
}

/**
 * The body of `PATCH /api/cases/{id}`: only what changed, checked by the shared schema. `data` is null
 * when nothing changed (there is nothing to send).
 */
export function parseUpdateCase(values: CaseFormValues, initial: Case): ParseResult<UpdateCaseBody | null> {
  const before = caseFormValues(initial);
  const { loss, issues } = readLoss(values);
  const changes: Record<string, unknown> = {};
  if (values.title !== before.title) changes.title = values.title;
  if (values.description !== before.description) changes.description = values.description;
  if (values.priority !== before.priority) changes.priority = values.priority;
  if (values.scamType !== before.scamType) changes.scamType = values.scamType || null;
  if (values.groupId !== before.groupId) changes.groupId = values.groupId || null;
  // Sent as what was added and taken away, so that another's change to the set meanwhile stays.
  Object.assign(changes, setChange('Assignee', before.assigneeIds, values.assigneeIds));
  Object.assign(changes, setChange('Tag', before.tagIds, values.tagIds));
  const lossChanged =
    values.lossAmount.trim() !== before.lossAmount || values.lossCurrency.trim() !== before.lossCurrency;
  if (lossChanged) changes.reportedLoss = loss;
  if (Object.keys(changes).length === 0 && issues.length === 0) return { success: true, data: null };
  return combine(updateCaseBodySchema.safeParse(changes), issues);
}
