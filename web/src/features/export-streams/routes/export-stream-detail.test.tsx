import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_STREAM_PAUSED_MESSAGE, type ExportEvent } from '@scamtrail/domain/export-streams';
import { caseLabel } from '@scamtrail/domain/case-labels';
import { formatDateTime } from '../../../lib/format';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json } from '../../../test/render-app';
import { callsTo, caseCreated, READ_AT, renderStreams, SIEM, TIP } from './export-streams-fixtures';
import { asTextContent } from '../../../test/time-text';

afterEach(() => vi.unstubAllGlobals());

const CASE_ID = '33333333-3333-4333-8333-333333333333';
const PREVIEW_PATH = `/api/export-streams/${SIEM.id}/preview`;
const HIDDEN_CASE_ID = '44444444-4444-4444-8444-444444444444';

/** The list with SIEM, its events answered by `events`; opens SIEM's details from its name. */
async function openDetails(events: () => Response) {
  const user = userEvent.setup();
  const view = renderStreams([SIEM, TIP], { [`GET ${PREVIEW_PATH}`]: events });
  await user.click(await screen.findByRole('button', { name: 'SIEM feed' }));
  const dialog = await screen.findByRole('dialog', { name: 'SIEM feed' });
  return { ...view, user, dialog };
}

function eventsPage(data: ExportEvent[], hasMore = false, names: Record<string, string> = {}) {
  return json(200, { data, next: '42-7', hasMore, names });
}

describe('an export stream’s details', () => {
  it('shows its fields, its URL and a curl example with the API key and the cursor', async () => {
    const { dialog, fetchMock } = await openDetails(() => eventsPage([]));
    const details = within(dialog).getByLabelText('Export stream details');
    expect(details).toHaveTextContent('Sent to the security operations centre');
    expect(details).toHaveTextContent('CasesIdentifiers');
    expect(details).toHaveTextContent('CasesCases of no group');
    expect(details).toHaveTextContent('Last readNever');
    expect(details).toHaveTextContent('Created byAda Okafor');

    const url = `${window.location.origin}/api/export-streams/${SIEM.id}/events`;
    expect(within(dialog).getByRole('textbox', { name: 'Events URL' })).toHaveTextContent(url);
    const curl = within(dialog).getByRole('textbox', { name: 'curl example' });
    expect(curl).toHaveTextContent(`curl -H "Authorization: Bearer <API key>"`);
    expect(curl).toHaveTextContent(`"${url}?after=<next>&wait=30"`);
    expect(within(dialog).getByRole('button', { name: 'Copy curl example' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'automation' })).toHaveAttribute('href', '/automations');
    expect(dialog).toHaveTextContent('export.view');
    // SIEM carries cases and identifiers: the key needs each one's view permission as well.
    const topics = within(dialog).getByRole('list', { name: 'Permissions by topic' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cases: “View cases” (case.view)', 'Identifiers: “View identifiers” (identifier.view)']);
    expect(dialog).toHaveTextContent(/send it back as after to read on/);
    // Nothing is read before Preview is pressed.
    expect(callsTo(fetchMock, 'GET', '/preview')).toEqual([]);
    await expectNoSeriousViolations(dialog);
  });

  it('previews the first 10 events from the beginning: type, time and subject by name', async () => {
    const { dialog, user, fetchMock } = await openDetails(() =>
      eventsPage([caseCreated('7', CASE_ID)], true, {
        [CASE_ID]: caseLabel({ number: 2, title: 'Fake invoice' }),
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const table = await within(dialog).findByRole('table', { name: 'First 10 events' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['case.created', formatDateTime('2026-03-01T10:05:00.000Z'), '#2 Fake invoice']);
    expect(within(dialog).getByText(/More follow/)).toBeVisible();
    const [call] = callsTo(fetchMock, 'GET', '/preview');
    expect(call.url.pathname).toBe(PREVIEW_PATH);
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ limit: '10' });
    await expectNoSeriousViolations(dialog);
  });

  it('says only what kind of record a subject the reader may not see is, and never its id', async () => {
    const { dialog, user } = await openDetails(() =>
      eventsPage([caseCreated('7', CASE_ID), caseCreated('8', HIDDEN_CASE_ID)], false, {
        [CASE_ID]: '#2 Fake invoice',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const table = await within(dialog).findByRole('table', { name: 'First 10 events' });
    const [, named, unnamed] = within(table).getAllByRole('row');
    expect(within(named).getAllByRole('cell')[2]).toHaveTextContent(/^#2 Fake invoice$/);
    expect(within(unnamed).getAllByRole('cell')[2]).toHaveTextContent(/^A case$/);
    expect(table).not.toHaveTextContent(HIDDEN_CASE_ID);
  });

  it('says when the stream has no events yet', async () => {
    const { dialog, user } = await openDetails(() => eventsPage([]));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/No events yet/)).toBeVisible();
    expect(within(dialog).queryByRole('table', { name: 'First 10 events' })).toBeNull();
  });

  it('shows the server’s message for a paused stream, and the events once it answers again', async () => {
    let paused = true;
    const { dialog, user } = await openDetails(() =>
      paused
        ? json(409, { error: { code: 'CONFLICT', message: EXPORT_STREAM_PAUSED_MESSAGE } })
        : eventsPage([caseCreated('7', CASE_ID)]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(EXPORT_STREAM_PAUSED_MESSAGE)).toBeVisible();
    expect(within(dialog).getByText('The stream is paused')).toBeVisible();

    paused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('case.created')).toBeVisible();
    expect(within(dialog).queryByText(EXPORT_STREAM_PAUSED_MESSAGE)).toBeNull();
  });

  it('says why the preview failed', async () => {
    const { dialog, user } = await openDetails(() =>
      json(404, { error: { code: 'NOT_FOUND', message: 'Export stream not found' } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Preview failed')).toBeVisible();
    expect(within(dialog).getByText('Export stream not found')).toBeVisible();
  });

  it('shows a paused stream’s last read and the groups it carries, and gives focus back to its name on closing', async () => {
    const user = userEvent.setup();
    renderStreams([SIEM, TIP]);
    await user.click(await screen.findByRole('button', { name: 'Threat intel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Threat intel' });
    expect(dialog).toHaveTextContent(asTextContent(`Last read${formatDateTime(READ_AT)}`));
    const carried = within(dialog).getByRole('list', { name: 'Cases carried' });
    expect(
      within(carried)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cases of no group', 'Group: Fraud desk']);
    expect(within(dialog).getByText('Paused').closest('.cds--tag--gray')).not.toBeNull();
    const footer = dialog.querySelector<HTMLElement>('.cds--modal-footer')!;
    await user.click(within(footer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Threat intel' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Threat intel' })).toHaveFocus();
  });
});
