import { DatePicker, DatePickerInput } from '@carbon/react';
import { useState } from 'react';
import { z } from 'zod';
import {
  CASE_TASK_DESCRIPTION_MAX_LENGTH,
  CASE_TASK_TITLE_MAX_LENGTH,
  type CaseTask,
} from '@scamtrail/domain/case-tasks';
import type { CaseUser } from '@scamtrail/domain/cases';
import { text } from '@scamtrail/domain/text';
import { FormModal } from '../../../components/form-modal';
import { TextArea, TextInput } from '../../../components/text-fields';
import { useToast } from '../../../components/toasts/toast-context';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { useCreateCaseTask, useUpdateCaseTask } from '../api/case-tasks';
import { AssigneePicker } from './case-form-pickers';

const FIELDS = ['title', 'description', 'assigneeId', 'dueAt'] as const;

export const caseTaskFormSchema = z.object({
  title: text({ label: 'Title', max: CASE_TASK_TITLE_MAX_LENGTH, required: 'Title is required' }),
  description: text({ label: 'Description', max: CASE_TASK_DESCRIPTION_MAX_LENGTH }),
});

/** A due date is a day: the task is due by the end of it, where the user is. */
export function dueAtOf(day: Date | null): string | null {
  if (!day) return null;
  const end = new Date(day);
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
}

interface CaseTaskModalProps {
  caseId: string;
  /** The task to edit; a new one when absent. */
  task?: CaseTask;
  onClose: () => void;
}

/** Adds a task to a case, or edits one: what to do, details, who does it and by when. */
export function CaseTaskModal({ caseId, task, onClose }: CaseTaskModalProps) {
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [assigneeIds, setAssigneeIds] = useState(task?.assignee ? [task.assignee.id] : []);
  const [due, setDue] = useState<Date | null>(task?.dueAt ? new Date(task.dueAt) : null);
  const { errorProps, clearError, formError, formRef, run } = useFormSubmission(
    FIELDS,
    task ? 'Failed to save the task' : 'Failed to add the task',
  );
  const create = useCreateCaseTask();
  const update = useUpdateCaseTask();
  const { showToast } = useToast();
  const initialAssignees: CaseUser[] = task?.assignee ? [task.assignee] : [];

  async function submit() {
    await run(caseTaskFormSchema.safeParse({ title, description }), async (fields) => {
      const body = { ...fields, assigneeId: assigneeIds[0] ?? null, dueAt: dueAtOf(due) };
      if (task) await update.mutateAsync({ caseId, taskId: task.id, body });
      else await create.mutateAsync({ caseId, body });
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
      <TextInput
        id="case-task-title"
        labelText="Title"
        placeholder="Ask the bank to freeze the account"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
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
          setDescription(event.target.value);
          clearError('description');
        }}
        {...errorProps('description')}
      />
      <AssigneePicker
        titleText="Assignee (optional)"
        selectedIds={assigneeIds}
        // One person does a task: choosing another replaces them.
        onChange={(ids) => {
          setAssigneeIds(ids.filter((id) => !assigneeIds.includes(id)).slice(-1));
          clearError('assigneeId');
        }}
        initial={initialAssignees}
        invalidText={errorProps('assigneeId').invalidText}
      />
      <DatePicker
        datePickerType="single"
        value={due ?? undefined}
        onChange={(dates) => {
          setDue(dates[0] ?? null);
          clearError('dueAt');
        }}
      >
        <DatePickerInput
          id="case-task-due"
          labelText="Due by (optional)"
          placeholder="mm/dd/yyyy"
          {...errorProps('dueAt')}
        />
      </DatePicker>
    </FormModal>
  );
}
