import { useState } from 'react';
import { z } from 'zod';
import {
  CASE_TASK_DESCRIPTION_MAX_LENGTH,
  CASE_TASK_STATUS_LABELS,
  CASE_TASK_TITLE_MAX_LENGTH,
  type CaseTask,
} from '@scamtrail/domain/case-tasks';
import type { CaseUser } from '@scamtrail/domain/cases';
import { text } from '@scamtrail/domain/text';
import { DateField } from '../../../components/date-field';
import { dayTextSchema, formatDay } from '../../../lib/day-text';
import { formatDate } from '../../../lib/format';
import { EditConflictNotice } from '../../../components/edit-conflict-notice';
import { FormModal } from '../../../components/form-modal';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { describeChanges, rebaseValues } from '../../../lib/edit-conflicts';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateCaseTask, useUpdateCaseTask } from '../api/case-tasks';
import { AssigneePicker } from './case-form-pickers';

const FIELDS = ['title', 'description', 'assigneeId', 'dueAt'] as const;

const DUE_LABEL = 'Due by';
/** The "Due by" field's text as the day it names, or none. */
const dueSchema = dayTextSchema(DUE_LABEL);

export const caseTaskFormSchema = z.object({
  title: text({ label: 'Title', max: CASE_TASK_TITLE_MAX_LENGTH, required: 'Title is required' }),
  description: text({ label: 'Description', max: CASE_TASK_DESCRIPTION_MAX_LENGTH }),
  dueAt: dueSchema.transform(dueAtOf),
});

/** A due date is a day: the task is due by the end of it, where the user is. */
export function dueAtOf(day: Date | null): string | null {
  if (!day) return null;
  const end = new Date(day);
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
}

interface TaskFormValues {
  title: string;
  description: string;
  assigneeIds: string[];
  /** The "Due by" field's text (mm/dd/yyyy), read on submit. */
  due: string;
}

function taskFormValues(task: CaseTask | undefined): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    assigneeIds: task?.assignee ? [task.assignee.id] : [],
    due: task?.dueAt ? formatDay(new Date(task.dueAt)) : '',
  };
}

/** What someone else changed in a task, each as "Field: its value now". */
export function describeTaskChanges(base: CaseTask, current: CaseTask): string[] {
  return describeChanges(base, current, [
    { label: 'Title', valueOf: (task) => task.title },
    { label: 'Details', valueOf: (task) => task.description },
    { label: 'Status', valueOf: (task) => task.status, show: (task) => CASE_TASK_STATUS_LABELS[task.status] },
    {
      label: 'Assignee',
      valueOf: (task) => task.assignee?.id ?? null,
      show: (task) => task.assignee?.fullName ?? 'nobody',
    },
    {
      label: 'Due by',
      valueOf: (task) => task.dueAt,
      show: (task) => formatDate(task.dueAt, 'no date'),
    },
  ]);
}

interface CaseTaskModalProps {
  caseId: string;
  /** The task to edit; a new one when absent. */
  task?: CaseTask;
  onClose: () => void;
}

/** Adds a task to a case, or edits one: what to do, details, who does it and by when. */
export function CaseTaskModal({ caseId, task, onClose }: CaseTaskModalProps) {
  const [values, setValues] = useState(() => taskFormValues(task));
  const { title, description, assigneeIds, due } = values;
  const set = (next: Partial<TaskFormValues>) => setValues((current) => ({ ...current, ...next }));
  const edit = useEditConflict(task);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    task ? 'Failed to save the task' : 'Failed to add the task',
  );
  const create = useCreateCaseTask();
  const update = useUpdateCaseTask();
  const { showToast } = useToast();
  // The names of the assignees of both versions, for a reload that brings another one.
  const initialAssignees: CaseUser[] = [task?.assignee, edit.base?.assignee].filter(
    (user): user is CaseUser => !!user,
  );

  async function submit() {
    await run(caseTaskFormSchema.safeParse({ title, description, dueAt: due }), async (fields) => {
      const body = { ...fields, assigneeId: assigneeIds[0] ?? null };
      const { base } = edit;
      if (base) {
        try {
          await update.mutateAsync({ caseId, taskId: base.id, body, base });
        } catch (error) {
          if (edit.caught(error)) return;
          throw error;
        }
      } else await create.mutateAsync({ caseId, body });
      showToast({ kind: 'success', title: task ? 'Task saved' : 'Task added', subtitle: fields.title });
      onClose();
    });
  }

  return (
    <FormModal
      size="sm"
      title={task ? 'Edit task' : 'Add task'}
      primaryButtonText={task ? 'Save' : 'Add task'}
      loading={create.isPending || update.isPending}
      formError={formError}
      formErrorTitle={task ? 'Not saved' : 'Not added'}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {edit.base && edit.conflict && (
        <EditConflictNotice
          what="task"
          changes={describeTaskChanges(edit.base, edit.conflict)}
          onReload={() =>
            edit.reload((from, to) =>
              setValues(rebaseValues(values, taskFormValues(from), taskFormValues(to))),
            )
          }
        />
      )}
      <TextInput
        id="case-task-title"
        labelText="Title"
        placeholder="Ask the bank to freeze the account"
        value={title}
        onChange={(event) => {
          set({ title: event.target.value });
          clearError('title');
        }}
        {...errorProps('title')}
      />
      <TextArea
        id="case-task-description"
        labelText="Details (optional)"
        rows={3}
        value={description}
        onChange={(event) => {
          set({ description: event.target.value });
          clearError('description');
        }}
        {...errorProps('description')}
      />
      <AssigneePicker
        // Knows the name of the assignee of the version being edited: a reload may bring another.
        key={edit.base?.updatedAt}
        titleText="Assignee (optional)"
        selectedIds={assigneeIds}
        // One person does a task: choosing another replaces them.
        onChange={(ids) => {
          set({ assigneeIds: ids.filter((id) => !assigneeIds.includes(id)).slice(-1) });
          clearError('assigneeId');
        }}
        initial={initialAssignees}
        invalidText={errorProps('assigneeId').invalidText}
      />
      <DateField
        // Opens on the day of the version being edited: a reload may bring another.
        key={edit.base?.updatedAt}
        id="case-task-due"
        labelText={`${DUE_LABEL} (optional)`}
        value={due}
        onChange={(text) => {
          set({ due: text });
          clearError('dueAt');
        }}
        schema={dueSchema}
        invalidText={errorProps('dueAt').invalidText}
      />
    </FormModal>
  );
}
