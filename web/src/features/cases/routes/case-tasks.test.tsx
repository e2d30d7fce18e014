import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseTask, CaseTaskList } from '@scamtrail/domain/case-tasks';
import type { Role } from '@scamtrail/domain/permissions';
import { expectNoSeriousViolations } from '../../../test/axe';
import { fill } from '../../../test/fill';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ARCHIVED, CASE_ID, makeCase, page } from './case-detail-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Handler = Parameters<typeof renderApp>[1][string];
const TASKS = `/api/cases/${CASE_ID}/tasks`;

const task = (overrides: Partial<CaseTask>): CaseTask => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  caseId: CASE_ID,
  title: 'Ask Acme Bank to freeze the account',
  description: '',
  status: 'todo',
  assignee: { id: 'user-2', fullName: 'Grace Hopper' },
  // Far ahead: a due date that passes while the suite runs would read "Overdue since".
  dueAt: '2099-12-01T22:59:59.999Z',
  createdBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
  ...overrides,
});
const OVERDUE = task({
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  title: 'Call the victim',
  dueAt: '2020-01-01T00:00:00.000Z',
  assignee: null,
});
const DONE = task({
  id: 'a1b2c3d4-0000-4000-8000-000000000003',
  title: 'Collect the screenshots',
  status: 'done',
  dueAt: null,
  completedAt: '2026-11-21T10:00:00.000Z',
});

const list = (tasks: CaseTask[]): CaseTaskList => ({
  ...page(tasks),
  openCount: tasks.filter((t) => t.status === 'todo' || t.status === 'in_progress').length,
});

function renderTasks({
  role = 'admin',
  caseItem = makeCase(),
  tasks = [task({}), OVERDUE, DONE],
  routes = {},
}: {
  role?: Role;
  caseItem?: ReturnType<typeof makeCase>;
  tasks?: CaseTask[];
  routes?: Record<string, Handler>;
} = {}) {
  return renderApp(`/cases/${CASE_ID}?tab=tasks`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    [`GET /api/cases/${CASE_ID}`]: () => json(200, caseItem),
    [`GET /api/cases/${CASE_ID}/related`]: () => json(200, page([])),
    [`GET /api/cases/${CASE_ID}/links`]: () => json(200, page([])),
    [`GET ${TASKS}`]: () => json(200, list(tasks)),
    ...routes,
  });
}

const bodiesOf = (fetchMock: ReturnType<typeof vi.fn>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({
      path: new URL(String(url), 'http://localhost').pathname,
      body: JSON.parse(String(init?.body ?? 'null')),
    }));

describe('case tasks', () => {
  it('lists the tasks with who does them, by when, overdue ones marked, and how many are open', async () => {
    renderTasks();
    const tasks = await screen.findByRole('list', { name: 'Tasks' });
    expect(screen.getByRole('heading', { level: 2, name: '2 open of 3' })).toBeInTheDocument();
    const items = within(tasks).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ask Acme Bank to freeze the account');
    expect(items[0]).toHaveTextContent('To do');
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[0]).toHaveTextContent(/Due Dec 1, 2099/);
    expect(items[1]).toHaveTextContent('Unassigned');
    expect(items[1]).toHaveTextContent('Overdue since Jan 1, 2020');
    expect(within(items[2]).getByRole('checkbox', { name: 'Collect the screenshots' })).toBeChecked();
    expect(items[2]).toHaveTextContent('Done Nov 21, 2026');
    expect(items[2]).not.toHaveTextContent('Overdue');
    await expectNoSeriousViolations(document.body);
  });

  it('ticks a task off, and unticks it back to do', async () => {
    const { fetchMock } = renderTasks({
      routes: {
        [`PATCH ${TASKS}/${OVERDUE.id}`]: () => json(200, { ...OVERDUE, status: 'done' }),
        [`PATCH ${TASKS}/${DONE.id}`]: () => json(200, { ...DONE, status: 'todo' }),
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Call the victim' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Collect the screenshots' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'PATCH')).toEqual([
        { path: `${TASKS}/${OVERDUE.id}`, body: { status: 'done' } },
        { path: `${TASKS}/${DONE.id}`, body: { status: 'todo' } },
      ]),
    );
  });

  it('a refused tick says "Access Denied" once, with no second failure message', async () => {
    renderTasks({
      routes: {
        [`PATCH ${TASKS}/${OVERDUE.id}`]: () =>
          json(403, {
            error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Call the victim' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByText('Task not changed')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('adds a task: a title is needed, then it is sent with its assignee and due date', async () => {
    const { fetchMock } = renderTasks({
      tasks: [],
      routes: { [`POST ${TASKS}`]: () => json(201, task({})) },
    });
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    // With no task the section is named, not counted: "0 open of 0" above "No tasks yet" read twice.
    expect(screen.getByRole('heading', { level: 2, name: 'Tasks' })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add task' });
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Request the wallet records');
    await userEvent.type(within(dialog).getByLabelText('Details (optional)'), 'From the exchange');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Task added')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST')).toEqual([
      {
        path: TASKS,
        body: {
          title: 'Request the wallet records',
          description: 'From the exchange',
          assigneeId: null,
          dueAt: null,
        },
      },
    ]);
    await waitFor(() => expect(add).toHaveFocus());
  });

  describe('the due date', () => {
    beforeEach(() => {
      // A desktop browser: flatpickr then closes its calendar on mousedown outside it, reading the typed
      // text without reporting a change (jsdom has touch events, so flatpickr would listen to touchstart).
      vi.stubGlobal('ontouchstart', undefined);
    });

    /** The Add task dialog with a title, the due date field and the POSTed bodies. */
    async function openAddTask() {
      const { fetchMock } = renderTasks({
        tasks: [],
        routes: { [`POST ${TASKS}`]: () => json(201, task({})) },
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add task' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add task' });
      // Only what makes the form valid here: the test above types it.
      await fill(within(dialog).getByLabelText('Title'), 'Request the wallet records');
      const due = within(dialog).getByLabelText<HTMLInputElement>('Due by (optional)');
      const addTask = () => user.click(within(dialog).getByRole('button', { name: 'Add task' }));
      const posted = () => bodiesOf(fetchMock, 'POST').map((call) => call.body as Record<string, unknown>);
      return { user, dialog, due, addTask, posted };
    }

    const endOfDay = (year: number, month: number, day: number) =>
      new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();

    it('is taken when typed in full and Add task is clicked straight after', async () => {
      const { user, due, addTask, posted } = await openAddTask();
      await user.click(due);
      await user.type(due, '01/15/2027');
      await addTask();
      expect(await screen.findByText('Task added')).toBeInTheDocument();
      expect(posted()).toMatchObject([{ title: 'Request the wallet records', dueAt: endOfDay(2027, 1, 15) }]);
    });

    it('is taken when typed and left with Tab, which moves on and closes the calendar', async () => {
      const { user, dialog, due, addTask, posted } = await openAddTask();
      await user.click(due);
      await user.type(due, '1/15/2027');
      await user.tab();
      expect(due).not.toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(document.querySelector('.flatpickr-calendar.open')).toBeNull();
      await addTask();
      expect(await screen.findByText('Task added')).toBeInTheDocument();
      expect(posted()).toMatchObject([{ dueAt: endOfDay(2027, 1, 15) }]);
    });

    it('is the day picked in the calendar', async () => {
      const { user, due, addTask, posted } = await openAddTask();
      await user.click(due);
      const day = document.querySelector<HTMLElement>(
        '.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)',
      )!;
      await user.click(day);
      // flatpickr keeps each day's date on its element.
      const picked = (day as HTMLElement & { dateObj: Date }).dateObj;
      await addTask();
      expect(await screen.findByText('Task added')).toBeInTheDocument();
      expect(posted()).toMatchObject([
        { dueAt: endOfDay(picked.getFullYear(), picked.getMonth() + 1, picked.getDate()) },
      ]);
    });

    it.each(['13/45/2027', '2/30/2027', 'next friday'])(
      'refuses the unreadable %j on its field, naming it, and adds nothing',
      async (typed) => {
        const { user, dialog, due, addTask, posted } = await openAddTask();
        await user.click(due);
        await user.type(due, typed);
        await addTask();
        expect(await within(dialog).findByText('Due by must be a date written mm/dd/yyyy')).toBeVisible();
        expect(due).toHaveAttribute('aria-invalid', 'true');
        // What was typed stays, to be corrected.
        expect(due).toHaveValue(typed);
        expect(posted()).toEqual([]);
      },
    );

    it('says an unreadable date is wrong as soon as the field is left', async () => {
      const { user, dialog, due } = await openAddTask();
      await user.click(due);
      await user.type(due, '31/12/2027');
      await user.click(within(dialog).getByLabelText('Title'));
      expect(await within(dialog).findByText('Due by must be a date written mm/dd/yyyy')).toBeVisible();
      expect(due).toHaveValue('31/12/2027');
    });
  });

  it('sends the version it edits, and on a conflict shows the current task and reapplies the edit', async () => {
    const opened = task({});
    // Someone else reassigned it and retitled it in the meantime.
    const current = task({
      title: 'Ask Acme Bank to freeze both accounts',
      assignee: { id: 'user-3', fullName: 'Alan Turing' },
      updatedAt: '2026-11-20T11:00:00.250Z',
    });
    const ifMatches: (string | null)[] = [];
    const { fetchMock } = renderTasks({
      tasks: [opened],
      routes: {
        [`PATCH ${TASKS}/${opened.id}`]: (init) => {
          const ifMatch = new Headers(init.headers).get('If-Match');
          ifMatches.push(ifMatch);
          if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, current);
          return json(412, {
            error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${opened.title}` }));
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    await userEvent.type(within(dialog).getByLabelText('Details (optional)'), 'By phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this task while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`Title: ${current.title}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Assignee: Alan Turing')).toBeInTheDocument();
    expect(ifMatches).toEqual([`"${Date.parse(opened.updatedAt)}"`]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue(current.title);
    expect(within(dialog).getByLabelText('Details (optional)')).toHaveValue('By phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task saved')).toBeInTheDocument();
    expect(ifMatches[1]).toBe(`"${Date.parse(current.updatedAt)}"`);
    expect(bodiesOf(fetchMock, 'PATCH')[1].body).toMatchObject({
      title: current.title,
      description: 'By phone',
      assigneeId: 'user-3',
    });
  });

  it('asks before removing a task, and says why when it fails', async () => {
    renderTasks({
      routes: {
        [`DELETE ${TASKS}/${DONE.id}`]: () =>
          json(409, {
            error: { code: 'CONFLICT', message: 'This case is archived; reopen it to change it' },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Collect the screenshots' }));
    // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Reopen', 'Remove']);
    await userEvent.click(items[2]);
    const confirm = await screen.findByRole('dialog', { name: /Remove task/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(
      await within(confirm).findByText('This case is archived; reopen it to change it'),
    ).toBeInTheDocument();
  });

  it('says why the tasks failed to load, and loads them again on request', async () => {
    let failing = true;
    renderTasks({
      routes: {
        [`GET ${TASKS}`]: () =>
          failing
            ? json(500, { error: { code: 'INTERNAL', message: 'The database is restarting' } })
            : json(200, list([DONE])),
      },
    });
    expect(await screen.findByText('Failed to load the tasks')).toBeInTheDocument();
    expect(screen.getByText('The database is restarting')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Collect the screenshots' })).toBeChecked();
  });

  it('a viewer, or anyone on an archived case, reads the tasks but cannot change them', async () => {
    for (const setup of [{ role: 'viewer' as const }, { caseItem: ARCHIVED }]) {
      const { unmount } = renderTasks(setup);
      const box = await screen.findByRole('checkbox', { name: 'Call the victim' });
      expect(box).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Add task' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
      unmount();
    }
  });
});
