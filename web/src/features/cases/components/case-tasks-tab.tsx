import { Button, Checkbox, SkeletonText, Tag } from '@carbon/react';
import { Add, TaskComplete } from '@carbon/icons-react';
import { Suspense, useState } from 'react';
import { CASE_TASK_STATUS_LABELS, isOpenTaskStatus, type CaseTask } from '@scamtrail/domain/case-tasks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { ListLoadFailed } from '../../../components/list-states';
import { RowActionsMenu, type RowMenuAction } from '../../../components/row-actions-menu';
import { useToast } from '../../../components/toasts/toast-context';
import { ShowMoreButton } from '../../../components/show-more-button';
import { errorMessage, failureMessage } from '../../../lib/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCaseTasks, useDeleteCaseTask, useUpdateCaseTask } from '../api/case-tasks';
import { LazyCaseTaskModal } from './cases-lazy-dialogs';
import { useFailureToast } from '../../../lib/use-failure-toast';
import './case-tasks.scss';

const STATUS_TAG = { todo: 'gray', in_progress: 'blue', done: 'green', cancelled: 'warm-gray' } as const;

/** An open task whose day has passed. */
function isOverdue(task: CaseTask, now = new Date()): boolean {
  return isOpenTaskStatus(task.status) && task.dueAt !== null && Date.parse(task.dueAt) < now.getTime();
}

/** Who does it and by when: "Ada Okafor · Due Dec 1, 2026", overdue in red. */
function TaskFacts({ task }: { task: CaseTask }) {
  return (
    <p className="case-tasks__facts">
      <Tag type={STATUS_TAG[task.status]} size="sm">
        {CASE_TASK_STATUS_LABELS[task.status]}
      </Tag>
      <span>{task.assignee ? task.assignee.fullName : 'Unassigned'}</span>
      {task.dueAt &&
        (isOverdue(task) ? (
          <Tag type="red" size="sm" title={formatDateTime(task.dueAt)}>
            Overdue since {formatDate(task.dueAt)}
          </Tag>
        ) : (
          <span title={formatDateTime(task.dueAt)}>Due {formatDate(task.dueAt)}</span>
        ))}
      {task.status === 'done' && task.completedAt && <span>Done {formatDate(task.completedAt)}</span>}
    </p>
  );
}

type Dialog = { kind: 'add' } | { kind: 'edit'; task: CaseTask } | { kind: 'remove'; task: CaseTask };

/**
 * The Tasks tab: what is left to do on the case (open tasks first, the soonest due first), each ticked
 * off where it stands; added, edited, started, cancelled and removed by those who may edit the case.
 */
export function CaseTasksTab({ caseId, canEdit }: { caseId: string; canEdit: boolean }) {
  const query = useCaseTasks(caseId);
  const update = useUpdateCaseTask();
  const remove = useDeleteCaseTask();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const tasks = query.data?.pages.flatMap((page) => page.data) ?? [];
  const first = query.data?.pages[0];

  const setStatus = (task: CaseTask, status: CaseTask['status']) =>
    update.mutate(
      { caseId, taskId: task.id, body: { status } },
      {
        onError: (error) =>
          showFailure(error, { title: 'Task not changed', fallback: 'Failed to change the task' }),
      },
    );

  const actionsFor = (task: CaseTask): RowMenuAction[] => [
    { label: 'Edit', onClick: () => setDialog({ kind: 'edit', task }) },
    ...(task.status === 'todo' ? [{ label: 'Start', onClick: () => setStatus(task, 'in_progress') }] : []),
    ...(isOpenTaskStatus(task.status)
      ? [{ label: 'Cancel task', onClick: () => setStatus(task, 'cancelled') }]
      : [{ label: 'Reopen', onClick: () => setStatus(task, 'todo') }]),
    { label: 'Remove', isDelete: true, onClick: () => setDialog({ kind: 'remove', task }) },
  ];

  const addButton = canEdit && (
    <Button size="md" kind="primary" renderIcon={Add} onClick={() => setDialog({ kind: 'add' })}>
      Add task
    </Button>
  );

  let body;
  if (query.isPending) body = <SkeletonText paragraph lineCount={4} />;
  else if (query.isError && tasks.length === 0)
    body = (
      <ListLoadFailed
        title="Failed to load the tasks"
        error={query.error}
        description={errorMessage(query.error, 'Please try again')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (tasks.length === 0)
    body = (
      <EmptyState
        icon={TaskComplete}
        title="No tasks yet"
        description="List what is left to do on the case, who does it and by when."
        action={addButton}
      />
    );
  else
    body = (
      <ul className="case-tasks__list" aria-label="Tasks">
        {tasks.map((task) => (
          <li key={task.id} className={`case-tasks__item case-tasks__item--${task.status}`}>
            <Checkbox
              id={`case-task-${task.id}`}
              labelText={task.title}
              checked={task.status === 'done'}
              disabled={!canEdit || task.status === 'cancelled'}
              onChange={(_, { checked }) => setStatus(task, checked ? 'done' : 'todo')}
            />
            <div className="case-tasks__details">
              <TaskFacts task={task} />
              {task.description && <p className="case-tasks__description">{task.description}</p>}
            </div>
            {canEdit && (
              <div className="case-tasks__menu">
                <RowActionsMenu label={task.title} actions={actionsFor(task)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="case-tasks" aria-labelledby="case-tasks-title">
      <div className="case-tasks__header">
        <h2 id="case-tasks-title" className="case-tasks__title">
          {first?.pagination.totalItems
            ? `${first.openCount} open of ${first.pagination.totalItems}`
            : 'Tasks'}
        </h2>
        {tasks.length > 0 && addButton}
      </div>
      {body}
      <ShowMoreButton query={query} />
      <Suspense fallback={null}>
        {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
          <LazyCaseTaskModal
            caseId={caseId}
            task={dialog.kind === 'edit' ? dialog.task : undefined}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
      {dialog?.kind === 'remove' && (
        <ConfirmModal
          title="Remove task?"
          label={dialog.task.title}
          primaryButtonText="Remove"
          busy={remove.isPending}
          failure={failureMessage(remove.error, 'Failed to remove the task')}
          failureTitle="Not removed"
          onConfirm={() =>
            remove.mutate(
              { caseId, taskId: dialog.task.id },
              {
                onSuccess: () => {
                  showToast({ kind: 'success', title: 'Task removed', subtitle: dialog.task.title });
                  setDialog(null);
                },
              },
            )
          }
          onClose={() => setDialog(null)}
        >
          <p>The case’s History keeps what the task was.</p>
        </ConfirmModal>
      )}
    </section>
  );
}
