import { z } from 'zod';
import { caseUserSchema } from './cases';
import { originatorSummarySchema } from './originators';
import { pageQuery, paginated } from './pagination';
import { isoDateTime, nonEmptyPatch, optionalText, requiredText, uuidSchema } from './schema-helpers';
import { responseText } from './text';

/**
 * A case's tasks: what is left to do on it (call the bank, request the wallet's records, send the
 * victim the recovery-scam warning), who does it and by when, as TheHive's case tasks.
 */
export const CASE_TASK_STATUSES = ['todo', 'in_progress', 'done', 'cancelled'] as const;
export type CaseTaskStatus = (typeof CASE_TASK_STATUSES)[number];
export const CASE_TASK_STATUS_LABELS: Record<CaseTaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};
/** A task still waiting for someone: what "open tasks" counts. */
export const isOpenTaskStatus = (status: CaseTaskStatus) => status === 'todo' || status === 'in_progress';

/**
 * The subject of a task's History rows (`case.task_added`, `case.task_updated`, `case.task_removed`):
 * the task's id is their `subject_id`, their `case_id` is the case's, so the case's History and the
 * `cases` export topic hold them, and a task's own rows are read off the events' subject index (the
 * notifications of its assignee). The first rows of tasks named the case as their subject; they stay
 * as written (an audit log is not rewritten) and reach only the case's assignees.
 */
export const CASE_TASK_SUBJECT = 'case_task';

export const CASE_TASK_TITLE_MAX_LENGTH = 200;
export const CASE_TASK_DESCRIPTION_MAX_LENGTH = 5000;

const dueAt = isoDateTime('dueAt', 'dueAt must be an ISO 8601 date and time')
  .nullable()
  .describe('When the task should be done by; null for no date');

const taskFields = {
  title: requiredText('Title', CASE_TASK_TITLE_MAX_LENGTH),
  description: optionalText('Description', CASE_TASK_DESCRIPTION_MAX_LENGTH),
  status: z.enum(CASE_TASK_STATUSES, { message: `status must be one of ${CASE_TASK_STATUSES.join(', ')}` }),
  assigneeId: uuidSchema('assigneeId').nullable().describe('An enabled user; null for nobody'),
  dueAt,
};

/** `POST /api/cases/{id}/tasks`: a new task, to do. */
export const createCaseTaskBodySchema = z.object({
  title: taskFields.title,
  description: taskFields.description.default(''),
  assigneeId: taskFields.assigneeId.optional(),
  dueAt: taskFields.dueAt.optional(),
});
export type CreateCaseTaskBody = z.infer<typeof createCaseTaskBodySchema>;

/** `PATCH /api/cases/{id}/tasks/{taskId}`: any of its fields, its status among them. */
export const updateCaseTaskBodySchema = nonEmptyPatch(taskFields);
export type UpdateCaseTaskBody = z.infer<typeof updateCaseTaskBodySchema>;

export const caseTaskParamsSchema = z.object({ id: uuidSchema('id'), taskId: uuidSchema('taskId') });

export const caseTaskSchema = z
  .object({
    id: responseText(),
    caseId: responseText(),
    title: responseText(),
    description: responseText(),
    status: z.enum(CASE_TASK_STATUSES),
    assignee: caseUserSchema.nullable(),
    dueAt: responseText().nullable(),
    /** Who added it; null once that originator is gone. */
    createdBy: originatorSummarySchema.nullable(),
    createdAt: responseText(),
    updatedAt: responseText(),
    /** When it was marked done; null while it is not. */
    completedAt: responseText().nullable(),
  })
  .meta({ id: 'CaseTask' });
export type CaseTask = z.infer<typeof caseTaskSchema>;

export const caseTaskListQuerySchema = z.object({ ...pageQuery(25, 100) });
/** Open tasks first (the soonest due first), then the done and cancelled ones, latest first. */
export const caseTaskListSchema = paginated(caseTaskSchema).extend({
  openCount: z.number().int().describe('How many of the case’s tasks are to do or in progress'),
});
export type CaseTaskList = z.infer<typeof caseTaskListSchema>;
