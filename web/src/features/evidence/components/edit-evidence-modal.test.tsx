import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@scamtrail/domain/permissions';
import { json, makeUser, renderApp } from '../../../test/render-app';
import type { EvidenceItem } from '../api/evidence-types';
import { CASE_ID, CUSTODY, page, SCREENSHOT } from './evidence-test-data';

afterEach(() => vi.unstubAllGlobals());

// The form checks ids as the server does: real UUIDs.
const TAGS = [
  { id: '22222222-2222-4222-8222-222222222221', name: 'money-mule', color: 'purple' as const },
  { id: '22222222-2222-4222-8222-222222222222', name: 'urgent', color: 'red' as const },
];
const ITEM: EvidenceItem = { ...SCREENSHOT, tags: [TAGS[0]] };
const CASE = {
  id: CASE_ID,
  number: 42,
  title: 'Romance scam',
  status: 'open',
};

type Handler = Parameters<typeof renderApp>[1][string];

/** The server's answers; `stored.item` is what it holds now (a PATCH handler may change it). */
function routes(
  item: EvidenceItem,
  extra: Record<string, Handler> = {},
  role: Role = 'investigator',
  stored = { item },
) {
  return {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    'GET /api/evidence': () => page([stored.item]),
    'GET /api/tags': () => page(TAGS),
    [`GET /api/evidence/${item.id}`]: () => json(200, stored.item),
    [`GET /api/evidence/${item.id}/custody`]: () => page(CUSTODY),
    [`GET /api/evidence/${item.id}/identifiers`]: () => page([]),
    [`GET /api/evidence/${item.id}/journal-entries`]: () => page([]),
    [`GET /api/cases/${CASE_ID}`]: () => json(200, CASE),
    ...extra,
  };
}

async function findDialog(name: string) {
  const heading = await screen.findByRole('heading', { name });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

async function openEdit() {
  const detail = await findDialog(ITEM.title);
  await userEvent.click(await within(detail).findByRole('button', { name: 'Edit' }));
  return findDialog('Edit evidence');
}

const callsTo = (fetchMock: ReturnType<typeof renderApp>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
  );

/** The item's detail, on a server that saves a PATCH as `saved`; with the bodies it is sent. */
function renderSaving(saved: Partial<typeof ITEM>) {
  const bodies: unknown[] = [];
  const stored = { item: ITEM };
  const { fetchMock } = renderApp(
    '/evidence?open=e1',
    routes(
      ITEM,
      {
        'PATCH /api/evidence/e1': (init) => {
          bodies.push(JSON.parse(String(init.body)));
          stored.item = { ...ITEM, ...saved };
          return json(200, stored.item);
        },
      },
      'investigator',
      stored,
    ),
  );
  return { bodies, fetchMock };
}

describe('editing evidence', () => {
  it('saves only what changed, then shows the item as saved and refreshes its list and custody', async () => {
    const { bodies, fetchMock } = renderSaving({ title: 'Bank receipt', tags: [TAGS[1]] });
    const dialog = await openEdit();
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Payment receipt');
    await userEvent.clear(title);
    await userEvent.type(title, 'Bank receipt');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove money-mule' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Tags/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'urgent' }));
    const custodyBefore = callsTo(fetchMock, 'GET', '/api/evidence/e1/custody').length;
    const listBefore = callsTo(fetchMock, 'GET', '/api/evidence').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const detail = await findDialog('Bank receipt');
    expect(bodies).toEqual([{ title: 'Bank receipt', tagIds: [TAGS[1].id] }]);
    expect(screen.queryByRole('heading', { name: 'Edit evidence' })).not.toBeInTheDocument();
    expect(within(detail).getByText('urgent')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/evidence/e1/custody').length).toBeGreaterThan(custodyBefore),
    );
    expect(callsTo(fetchMock, 'GET', '/api/evidence').length).toBeGreaterThan(listBefore);
  });

  it('saves on Enter in the title', async () => {
    const { bodies } = renderSaving({ title: 'Bank receipt' });
    const dialog = await openEdit();
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Bank receipt{Enter}');
    await findDialog('Bank receipt');
    expect(bodies).toEqual([{ title: 'Bank receipt' }]);
  });

  it('takes the item out of its case when the case is cleared', async () => {
    const { bodies } = renderSaving({ case: null });
    const dialog = await openEdit();
    const caseBox = within(dialog).getByRole('combobox', { name: 'Case' });
    await waitFor(() => expect(caseBox).toHaveValue('#42 Romance scam'));
    const caseField = caseBox.closest<HTMLElement>('.cds--list-box__wrapper')!;
    await userEvent.click(within(caseField).getByRole('button', { name: 'Clear selected item' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const detail = await findDialog('Payment receipt');
    expect(bodies).toEqual([{ caseId: null }]);
    expect(within(detail).getByText('Not in a case')).toBeInTheDocument();
  });

  it("shows the server's field errors on their fields and keeps the dialog open", async () => {
    renderApp(
      '/evidence?open=e1',
      routes(ITEM, {
        'PATCH /api/evidence/e1': () =>
          json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid input',
              details: { fields: [{ field: 'tagIds.0', message: 'No tag with this id' }] },
            },
          }),
      }),
    );
    const dialog = await openEdit();
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), ' (copy)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No tag with this id')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit evidence' })).toBeInTheDocument();
  });

  it('asks for a title before saving, without calling the server', async () => {
    const { fetchMock } = renderApp('/evidence?open=e1', routes(ITEM));
    const dialog = await openEdit();
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/evidence/e1')).toHaveLength(0);
  });

  it("shows the server's message when the case was archived meanwhile (409)", async () => {
    const message = 'The case is archived: reopen it to add or change its evidence';
    renderApp(
      '/evidence?open=e1',
      routes(ITEM, {
        'PATCH /api/evidence/e1': () => json(409, { error: { code: 'CONFLICT', message } }),
      }),
    );
    const dialog = await openEdit();
    await userEvent.type(within(dialog).getByLabelText('Title'), ' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('sends the version it edits, and on a conflict shows the current item and reapplies the edit', async () => {
    // Someone else retitled it and tagged it urgent in the meantime.
    const current: EvidenceItem = {
      ...ITEM,
      title: 'Receipt from the bank',
      tags: [...ITEM.tags, TAGS[1]],
      updatedAt: '2026-11-22T08:00:00.125Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    renderApp(
      '/evidence?open=e1',
      routes(ITEM, {
        'PATCH /api/evidence/e1': (init) => {
          const ifMatch = new Headers(init.headers).get('If-Match');
          const body = JSON.parse(String(init.body)) as Partial<EvidenceItem>;
          sent.push({ body, ifMatch });
          if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
          return json(412, {
            error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
          });
        },
      }),
    );
    const dialog = await openEdit();
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), ' (copy)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this evidence while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Title: Receipt from the bank')).toBeInTheDocument();
    expect(within(dialog).getByText('Tags: money-mule, urgent')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { description: `${ITEM.description} (copy)` }, ifMatch: `"${Date.parse(ITEM.updatedAt)}"` },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Receipt from the bank');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue(`${ITEM.description} (copy)`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Evidence saved')).toBeInTheDocument();
    // Only the description: the title and the tag someone else gave stay as they are.
    expect(sent[1]).toEqual({
      body: { description: `${ITEM.description} (copy)` },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });

  it('closes without a request when nothing changed', async () => {
    const { fetchMock } = renderApp('/evidence?open=e1', routes(ITEM));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findDialog('Payment receipt');
    expect(callsTo(fetchMock, 'PATCH', '/api/evidence/e1')).toHaveLength(0);
  });

  it('offers no Edit without evidence.edit, nor for evidence of an archived case', async () => {
    const { unmount } = renderApp('/evidence?open=e1', routes(ITEM, {}, 'viewer'));
    let detail = await findDialog('Payment receipt');
    await within(detail).findByRole('table', { name: 'Chain of custody' });
    expect(within(detail).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    const archived = { ...ITEM, case: { ...ITEM.case!, status: 'archived' as const } };
    renderApp('/evidence?open=e1', routes(archived));
    detail = await findDialog('Payment receipt');
    await within(detail).findByRole('table', { name: 'Chain of custody' });
    expect(within(detail).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
