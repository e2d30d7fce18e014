import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseReportedBy, COMMUNITY_MEMBER, communityMembers } from '../../../test/community-members';
import { currentPath, json, makeUser, renderApp } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { BEN, CASE, casePage, GROUP, options, TAG } from './cases-test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Body = Record<string, unknown>;

/** The list with one case, the dialog's option lists, and the bodies the dialog sends. */
function renderCases(answer: (body: Body) => Response = () => json(201, { ...CASE, id: NEW_ID })) {
  const posted: Body[] = [];
  const patched: Body[] = [];
  const view = renderApp('/cases', {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    'GET /api/cases': () => casePage([CASE]),
    ...options,
    'GET /api/originators/community-members': communityMembers,
    'POST /api/cases': (init) => {
      posted.push(JSON.parse(String(init.body)));
      return answer(posted.at(-1)!);
    },
    [`PATCH /api/cases/${CASE.id}`]: (init) => {
      patched.push(JSON.parse(String(init.body)));
      return json(200, { ...CASE, ...patched.at(-1) });
    },
  });
  return { ...view, posted, patched };
}

const NEW_ID = '99999999-8888-4777-8666-555555555555';

async function openNewCase() {
  await userEvent.click(await screen.findByRole('button', { name: 'New case' }));
  const heading = await screen.findByRole('heading', { name: 'New case' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

async function pick(dialog: HTMLElement, field: RegExp | string, text: string, option: string) {
  await userEvent.type(within(dialog).getByRole('combobox', { name: field }), text);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('case dialog', () => {
  it('refuses a case without a title, on the field, with the form-level message', async () => {
    const { posted } = renderCases();
    const dialog = await openNewCase();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(await screen.findByText('Please fix the errors in the form')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveFocus());
    expect(posted).toEqual([]);
  });

  it('asks for the currency of a reported amount, and for the amount of a currency', async () => {
    const { posted } = renderCases();
    const dialog = await openNewCase();
    await fill(within(dialog).getByLabelText('Title'), 'Investment fraud');
    await userEvent.type(within(dialog).getByLabelText('Reported loss (optional)'), '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await within(dialog).findByText(/Choose the currency of the loss/)).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Reported loss (optional)'));
    await pick(dialog, 'Currency', 'EUR', 'EUR — Euro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await within(dialog).findByText(/Enter the amount lost/)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says the groups are loading, busy and disabled, until they arrive', async () => {
    let answerGroups: (response: Response) => void = () => undefined;
    renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
      'GET /api/groups': () => new Promise<Response>((resolve) => (answerGroups = resolve)),
    });
    const dialog = await openNewCase();
    const visibility = within(dialog).getByLabelText('Visibility');
    expect(visibility).toBeDisabled();
    expect(within(dialog).getByText('Loading the groups...')).toBeInTheDocument();
    // The accessibility checks wait for no busy element before looking (e2e/tests/accessibility.spec.ts).
    expect(visibility.closest('[aria-busy="true"]')).not.toBeNull();
    answerGroups(options['GET /api/groups']());
    await waitFor(() => expect(visibility).toBeEnabled());
    expect(visibility.closest('[aria-busy="true"]')).toBeNull();
    expect(
      within(dialog).getByText('A case in a group is seen only by its members and administrators.'),
    ).toBeInTheDocument();
  });

  it('creates the case with every field and opens its page', async () => {
    const { posted, router } = renderCases();
    const dialog = await openNewCase();
    await userEvent.type(within(dialog).getByLabelText('Title'), '  Crypto "recovery" service  ');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Second loss.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'critical');
    await userEvent.selectOptions(within(dialog).getByLabelText('Scam type (optional)'), 'recovery');
    await userEvent.type(within(dialog).getByLabelText('Reported loss (optional)'), '1250.5');
    await pick(dialog, 'Currency', 'eur', 'EUR — Euro');
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: `Group: ${GROUP.name}` })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Visibility'), GROUP.id);
    await pick(dialog, /^Assignees/, 'Ben', BEN.fullName);
    await pick(dialog, /^Tags/, 'money', TAG.name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));

    await waitFor(() => expect(currentPath(router)).toBe(`/cases/${NEW_ID}`));
    expect(posted).toEqual([
      {
        title: 'Crypto "recovery" service',
        description: 'Second loss.',
        priority: 'critical',
        scamType: 'recovery',
        groupId: GROUP.id,
        assigneeIds: [BEN.id],
        tagIds: [TAG.id],
        reportedLoss: { amount: 1250.5, currency: 'EUR' },
      },
    ]);
    expect(await screen.findByText('Case created')).toBeInTheDocument();
  });

  it('sends a plain case with the defaults: medium priority, no group, no loss', async () => {
    const { posted } = renderCases();
    const dialog = await openNewCase();
    await fill(within(dialog).getByLabelText('Title'), 'Fake parcel fee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      title: 'Fake parcel fee',
      description: '',
      priority: 'medium',
      scamType: null,
      groupId: null,
      assigneeIds: [],
      tagIds: [],
      reportedLoss: null,
    });
    // "Reported by" left empty: the case is the user's own.
    expect(posted[0]).not.toHaveProperty('onBehalfOfOriginatorId');
  });

  it('records a case a community member reported, entered on their behalf', async () => {
    const { posted } = renderCases();
    const dialog = await openNewCase();
    await fill(within(dialog).getByLabelText('Title'), 'Phoned-in parcel scam');
    await chooseReportedBy(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      title: 'Phoned-in parcel scam',
      onBehalfOfOriginatorId: COMMUNITY_MEMBER.id,
    });
  });

  it("shows the server's field errors on their fields and stays open", async () => {
    renderCases(() =>
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid request',
          details: {
            fields: [
              { field: 'groupId', message: 'You are not a member of this group' },
              {
                field: 'reportedLoss.currency',
                message: 'Currency must be an ISO 4217 code such as USD or EUR',
              },
            ],
          },
        },
      }),
    );
    const dialog = await openNewCase();
    await fill(within(dialog).getByLabelText('Title'), 'Refused');
    await userEvent.type(within(dialog).getByLabelText('Reported loss (optional)'), '10');
    await pick(dialog, 'Currency', 'USD', 'USD — US Dollar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create case' }));
    expect(await within(dialog).findByText('You are not a member of this group')).toBeInTheDocument();
    expect(within(dialog).getByText(/must be an ISO 4217 code/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New case' })).toBeInTheDocument();
  });

  it('edits a case from its row menu, sending only what changed', async () => {
    const { patched } = renderCases();
    await userEvent.click(await screen.findByRole('button', { name: `Actions for #42 ${CASE.title}` }));
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = (await screen.findByRole('heading', { name: 'Edit case' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(dialog).getByLabelText('Title')).toHaveValue(CASE.title);
    expect(within(dialog).getByLabelText('Reported loss (optional)')).toHaveValue(1500);
    expect(within(dialog).getByLabelText('Chosen assignees')).toHaveTextContent('Ben Ito');
    // Who reported a case is settled when it is created.
    expect(within(dialog).queryByRole('combobox', { name: /^Reported by/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'critical');
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${BEN.fullName}` }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveLength(1));
    // The set as a change (what was taken away), so that another's change to it meanwhile stays.
    expect(patched[0]).toEqual({ priority: 'critical', removeAssigneeIds: [BEN.id] });
    expect(await screen.findByText('Case saved')).toBeInTheDocument();
  });

  it('sends the version it edits, and on a conflict shows the current case and reapplies the edit', async () => {
    // Someone else renamed the case and added Ben back in the meantime.
    const CURRENT = {
      ...CASE,
      title: 'Romance scam, renamed by a colleague',
      priority: 'low' as const,
      updatedAt: '2026-11-20T12:05:00.123Z',
    };
    const sent: { body: Body; ifMatch: string | null }[] = [];
    const view = renderApp('/cases', {
      'GET /api/auth/me': () => json(200, makeUser('admin')),
      'GET /api/cases': () => casePage([CASE]),
      ...options,
      [`PATCH /api/cases/${CASE.id}`]: (init) => {
        const body = JSON.parse(String(init.body)) as Body;
        const ifMatch = new Headers(init.headers).get('If-Match');
        sent.push({ body, ifMatch });
        if (ifMatch !== `"${Date.parse(CURRENT.updatedAt)}"`) {
          return json(412, {
            error: {
              code: 'PRECONDITION_FAILED',
              message: 'Someone else changed this case since you read it.',
              details: { current: CURRENT },
            },
          });
        }
        return json(200, { ...CURRENT, ...body });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Actions for #42 ${CASE.title}` }));
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = (await screen.findByRole('heading', { name: 'Edit case' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;

    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'critical');
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${BEN.fullName}` }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this case while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(`Title: ${CURRENT.title}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Priority: Low')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { priority: 'critical', removeAssigneeIds: [BEN.id] },
        ifMatch: `"${Date.parse(CASE.updatedAt)}"`,
      },
    ]);
    expect(screen.queryByText('Case saved')).not.toBeInTheDocument();

    // Reloading takes the colleague's title and keeps this user's own changes.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue(CURRENT.title);
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('critical');
    expect(within(dialog).queryByText('Someone else changed this case while you were editing')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case saved')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      body: { priority: 'critical', removeAssigneeIds: [BEN.id] },
      ifMatch: `"${Date.parse(CURRENT.updatedAt)}"`,
    });
    view.unmount();
  });
});
