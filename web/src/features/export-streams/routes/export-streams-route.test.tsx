import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportStream } from '@scamtrail/domain/export-streams';
import { formatDateTime } from '../../../lib/format';
import { expectNoSeriousViolations } from '../../../test/axe';
import { fill } from '../../../test/fill';
import { json } from '../../../test/render-app';
import { callsTo, page, READ_AT, renderStreams, SIEM, TIP } from './export-streams-fixtures';

afterEach(() => vi.unstubAllGlobals());

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr')!;
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Opens the row's menu and answers its items' texts; `choose` clicks one of them. */
async function rowMenu(user: ReturnType<typeof userEvent.setup>, name: string, choose?: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  // Carbon positions the menu after measuring it, which jsdom cannot: it stays "hidden" to queries.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = within(menu).getAllByRole('menuitem', { hidden: true });
  if (choose) await user.click(items.find((item) => item.textContent === choose)!);
  return items.map((item) => item.textContent);
}

/** Answers PATCH on each stream as the server would, and lists the streams as they are now. */
function statefulRoutes(streams: ExportStream[]) {
  const current = new Map(streams.map((stream) => [stream.id, stream]));
  const routes: Parameters<typeof renderStreams>[1] = {
    'GET /api/export-streams': () => page([...current.values()]),
  };
  for (const stream of streams) {
    routes[`PATCH /api/export-streams/${stream.id}`] = (init) => {
      current.set(stream.id, { ...current.get(stream.id)!, ...JSON.parse(String(init.body)) });
      return json(200, current.get(stream.id));
    };
  }
  return routes;
}

describe('the export streams list', () => {
  it('shows each stream with its topics, the cases it carries, status, last read, creator and creation date', async () => {
    renderStreams([SIEM, TIP]);
    await screen.findByRole('button', { name: 'SIEM feed' });
    expect(screen.getByRole('heading', { name: 'Export Streams', level: 1 })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Topics',
      'Cases',
      'Status',
      'Last read',
      'Created by',
      'Created',
      'Actions',
    ]);
    expect(cellsOf('SIEM feed')).toEqual([
      'SIEM feed',
      'CasesIdentifiers',
      'Cases of no group',
      'Active',
      'Never',
      'Ada Okafor',
      formatDateTime(SIEM.createdAt),
      expect.any(String),
    ]);
    expect(cellsOf('Threat intel').slice(1, 6)).toEqual([
      'Evidence',
      'Cases of no groupGroup: Fraud desk',
      'Paused',
      formatDateTime(READ_AT),
      '—',
    ]);
    const siem = within(rowOf('SIEM feed'));
    expect(siem.getByText('Identifiers').closest('.cds--tag')).not.toBeNull();
    expect(siem.getByText('Active').closest('.cds--tag--green')).not.toBeNull();
    expect(within(rowOf('Threat intel')).getByText('Paused').closest('.cds--tag--gray')).not.toBeNull();
    await expectNoSeriousViolations();
  });

  it('asks for the page chosen under the list', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([], {
      'GET /api/export-streams': () =>
        json(200, { data: [SIEM], pagination: { page: 1, pageSize: 25, totalItems: 30, totalPages: 2 } }),
    });
    await screen.findByRole('button', { name: 'SIEM feed' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/export-streams').map(({ url }) => url.searchParams.toString()),
      ).toEqual(['page=1&pageSize=25', 'page=2&pageSize=25']),
    );
  });

  it('says when there are no streams yet and offers to create one', async () => {
    const user = userEvent.setup();
    renderStreams([]);
    expect(await screen.findByRole('heading', { name: 'No export streams yet' })).toBeVisible();
    const emptyState = screen.getByRole('heading', { name: 'No export streams yet' }).closest('td')!;
    await user.click(within(emptyState).getByRole('button', { name: 'Create your first stream' }));
    expect(await screen.findByRole('dialog', { name: 'New export stream' })).toBeVisible();
  });

  it('says why the list could not be loaded, and loads it again on Try again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderStreams([], {
      'GET /api/export-streams': () =>
        refuse
          ? json(403, { error: { code: 'FORBIDDEN', message: 'You may not view export streams' } })
          : page([SIEM]),
    });
    expect(await screen.findByRole('heading', { name: 'Export streams could not be loaded' })).toBeVisible();
    expect(screen.getAllByText('You may not view export streams').length).toBeGreaterThan(0);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'SIEM feed' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Export streams could not be loaded' })).toBeNull();
  });
});

describe('creating a stream', () => {
  it('sends the name, description and ticked topics, then lists the new stream', async () => {
    const user = userEvent.setup();
    const streams: ExportStream[] = [];
    const { fetchMock } = renderStreams([], {
      'GET /api/export-streams': () => page(streams),
      'POST /api/export-streams': (init) => {
        const body = JSON.parse(String(init.body)) as ExportStream;
        streams.push({ ...SIEM, ...body });
        return json(201, streams[0]);
      },
    });
    await screen.findByRole('heading', { name: 'No export streams yet' });
    await user.click(screen.getByRole('button', { name: 'New stream' }));
    const form = await screen.findByRole('dialog', { name: 'New export stream' });
    expect(within(form).getByRole('group', { name: 'Topics' })).toBeVisible();
    await user.type(within(form).getByLabelText('Name'), 'SIEM feed');
    await user.type(within(form).getByLabelText('Description (optional)'), 'To the SOC');
    // Ticked out of order: they are sent in the topics' own order, as the server keeps them.
    await user.click(within(form).getByRole('checkbox', { name: 'Identifiers' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Cases' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Export stream created')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/api/export-streams').map(({ body }) => body)).toEqual([
      { name: 'SIEM feed', description: 'To the SOC', topics: ['cases', 'identifiers'], groupIds: [] },
    ]);
    expect(screen.queryByRole('dialog', { name: 'New export stream' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'SIEM feed' })).toBeVisible();
  });

  it('asks for a topic before calling the server, on the topics and with focus on the first', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([]);
    await screen.findByRole('heading', { name: 'No export streams yet' });
    await user.click(screen.getByRole('button', { name: 'New stream' }));
    const form = await screen.findByRole('dialog', { name: 'New export stream' });
    await fill(within(form).getByLabelText('Name'), 'SIEM feed');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const topics = within(form).getByRole('group', { name: 'Topics' });
    expect(await within(topics).findByText('Choose at least one topic')).toBeVisible();
    expect(topics).toHaveAccessibleDescription('Choose at least one topic');
    await waitFor(() => expect(within(topics).getByRole('checkbox', { name: 'Cases' })).toHaveFocus());
    expect(callsTo(fetchMock, 'POST', '/api/export-streams')).toEqual([]);
    await expectNoSeriousViolations(form);

    // Ticking one takes the message away.
    await user.click(within(topics).getByRole('checkbox', { name: 'Cases' }));
    expect(within(topics).queryByText('Choose at least one topic')).toBeNull();
  });

  it('shows a taken name on the Name field, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const message = 'An export stream named "SIEM feed" already exists';
    renderStreams([], {
      'POST /api/export-streams': () =>
        json(409, {
          error: { code: 'CONFLICT', message, details: { fields: [{ field: 'name', message }] } },
        }),
    });
    await screen.findByRole('heading', { name: 'No export streams yet' });
    await user.click(screen.getByRole('button', { name: 'New stream' }));
    const form = await screen.findByRole('dialog', { name: 'New export stream' });
    await fill(within(form).getByLabelText('Name'), 'siem FEED');
    await user.click(within(form).getByRole('checkbox', { name: 'Cases' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(message);
    expect(name).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'New export stream' })).toBeVisible();
  });
});

describe('a stream’s row actions', () => {
  it('edits a stream in the same dialog, filled in, and sends only what changed', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([SIEM], statefulRoutes([SIEM]));
    await screen.findByRole('button', { name: 'SIEM feed' });
    await rowMenu(user, 'SIEM feed', 'Edit');
    const form = await screen.findByRole('dialog', { name: 'Edit export stream' });
    expect(within(form).getByLabelText('Name')).toHaveValue('SIEM feed');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue(SIEM.description);
    expect(within(form).getByRole('checkbox', { name: 'Cases' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Identifiers' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Evidence' })).not.toBeChecked();

    await user.clear(within(form).getByLabelText('Name'));
    await fill(within(form).getByLabelText('Name'), 'SOC feed');
    await user.click(within(form).getByRole('checkbox', { name: 'Identifiers' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Export stream saved')).toBeVisible();
    expect(callsTo(fetchMock, 'PATCH', SIEM.id).map(({ body }) => body)).toEqual([
      { name: 'SOC feed', topics: ['cases'] },
    ]);
    expect(await screen.findByRole('button', { name: 'SOC feed' })).toBeVisible();
  });

  it('sends the version it edits, and on a conflict shows the current stream and reapplies the edit', async () => {
    // Someone else renamed it and added the evidence topic in the meantime.
    const current: ExportStream = {
      ...SIEM,
      name: 'SOC feed',
      topics: ['cases', 'identifiers', 'evidence'],
      updatedAt: '2026-03-01T11:00:00.250Z',
    };
    const sent: { body: unknown; ifMatch: string | null }[] = [];
    const user = userEvent.setup();
    renderStreams([SIEM], {
      [`PATCH /api/export-streams/${SIEM.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        const body = JSON.parse(String(init.body)) as Partial<ExportStream>;
        sent.push({ body, ifMatch });
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, { ...current, ...body });
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    await screen.findByRole('button', { name: 'SIEM feed' });
    await rowMenu(user, 'SIEM feed', 'Edit');
    const form = await screen.findByRole('dialog', { name: 'Edit export stream' });
    await user.clear(within(form).getByLabelText('Description (optional)'));
    await fill(within(form).getByLabelText('Description (optional)'), 'Read by the SOC');
    await user.click(within(form).getByRole('checkbox', { name: 'Identifiers' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('Someone else changed this export stream while you were editing'),
    ).toBeVisible();
    expect(within(form).getByText('Name: SOC feed')).toBeInTheDocument();
    expect(within(form).getByText('Topics: cases, identifiers, evidence')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { description: 'Read by the SOC', topics: ['cases'] },
        ifMatch: `"${Date.parse(SIEM.updatedAt)}"`,
      },
    ]);

    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    expect(within(form).getByLabelText('Name')).toHaveValue('SOC feed');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('Read by the SOC');
    // Their evidence topic is kept; the identifiers topic the user took off stays off.
    expect(within(form).getByRole('checkbox', { name: 'Evidence' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Identifiers' })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Export stream saved')).toBeVisible();
    expect(sent[1]).toEqual({
      body: { description: 'Read by the SOC', topics: ['cases', 'evidence'] },
      ifMatch: `"${Date.parse(current.updatedAt)}"`,
    });
  });

  it('pauses an active stream and resumes a paused one, at once, with a toast and focus on the menu', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStreams([SIEM], statefulRoutes([SIEM]));
    await screen.findByRole('button', { name: 'SIEM feed' });
    expect(await rowMenu(user, 'SIEM feed', 'Pause')).toEqual(['Edit', 'Pause', 'Delete']);
    expect(await screen.findByText('Export stream paused')).toBeVisible();
    await waitFor(() => expect(within(rowOf('SIEM feed')).getByText('Paused')).toBeVisible());
    expect(screen.getByRole('button', { name: 'Actions for SIEM feed' })).toHaveFocus();

    expect(await rowMenu(user, 'SIEM feed', 'Resume')).toEqual(['Edit', 'Resume', 'Delete']);
    expect(await screen.findByText('Export stream resumed')).toBeVisible();
    await waitFor(() => expect(within(rowOf('SIEM feed')).getByText('Active')).toBeVisible());
    expect(callsTo(fetchMock, 'PATCH', SIEM.id).map(({ body }) => body)).toEqual([
      { status: 'paused' },
      { status: 'active' },
    ]);
  });

  it('says why a pause failed', async () => {
    const user = userEvent.setup();
    renderStreams([SIEM], {
      [`PATCH /api/export-streams/${SIEM.id}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Export stream not found' } }),
    });
    await screen.findByRole('button', { name: 'SIEM feed' });
    await rowMenu(user, 'SIEM feed', 'Pause');
    expect(await screen.findByText('Not changed')).toBeVisible();
    expect(screen.getByText('Export stream not found')).toBeVisible();
  });

  it('deletes a stream once confirmed in a danger dialog that warns its readers get 404', async () => {
    const user = userEvent.setup();
    let streams = [SIEM, TIP];
    const deletes = vi.fn(() => {
      streams = [TIP];
      return new Response(null, { status: 204 });
    });
    renderStreams([], {
      'GET /api/export-streams': () => page(streams),
      [`DELETE /api/export-streams/${SIEM.id}`]: deletes,
    });
    await screen.findByRole('button', { name: 'SIEM feed' });
    await rowMenu(user, 'SIEM feed', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete export stream “SIEM feed”?' });
    expect(within(dialog).getByText(/Readers using it will get 404 from now on/)).toBeVisible();
    // A destructive dialog starts on Cancel.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(deletes).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Export stream deleted')).toBeVisible();
    expect(deletes).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'SIEM feed' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Threat intel' })).toBeVisible();
  });
});
