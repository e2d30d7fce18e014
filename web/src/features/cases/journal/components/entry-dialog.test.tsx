import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseReportedBy, COMMUNITY_MEMBER, communityMembers } from '../../../../test/community-members';
import { json } from '../../../../test/render-app';
import {
  BANK_EMAIL_TEXT,
  FOUND_EMAIL,
  FOUND_IBAN,
  FOUND_IN_BANK_EMAIL,
  FOUND_PHONE,
} from '../../../../components/found-identifiers/found-candidates-test-data';
import {
  CASE_ID,
  callsTo,
  emptyPage,
  ENTRY,
  findDialog,
  journalPage,
  openEntryMenu,
  renderTimeline,
} from './timeline-test-setup';

const JOURNAL = `/api/cases/${CASE_ID}/journal-entries`;
const LINKED = '55555555-5555-4555-8555-555555555555';
const ADDED = '66666666-6666-4666-8666-666666666666';
const CREATED = { ...ENTRY, id: '44444444-4444-4444-8444-444444444444', caseId: CASE_ID };

/** The calls every dialog makes besides the ones a test is about. */
const BASE = {
  [`GET ${JOURNAL}`]: () => journalPage([]),
  'GET /api/evidence': () => emptyPage(),
  'GET /api/identifiers': () => emptyPage(),
};

async function openAddDialog(description: string) {
  await userEvent.click((await screen.findAllByRole('button', { name: 'Add entry' }))[0]);
  const dialog = await findDialog('Add journal entry');
  await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'call');
  await userEvent.click(within(dialog).getByLabelText('Description'));
  await userEvent.paste(description);
  return dialog;
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));

describe('entry dialog', () => {
  it('creates the entry, then links it to the case (spec 4)', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog('Victim called back.');
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const [create] = callsTo(fetchMock, 'POST', '/api/journal-entries');
    expect(create.body).toMatchObject({
      type: 'call',
      description: 'Victim called back.',
      caseId: CASE_ID,
      evidence: null,
      identifierIds: [],
    });
    // "When" left as it opened: the server stamps the entry, to the millisecond.
    expect(create.body).not.toHaveProperty('performedAt');
    expect(callsTo(fetchMock, 'POST', JOURNAL).map((call) => call.body)).toEqual([
      { journalEntryId: CREATED.id },
    ]);
    // The link comes after the create.
    const order = fetchMock.mock.calls.map(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}`,
    );
    expect(order.indexOf(`POST ${JOURNAL}`)).toBeGreaterThan(order.indexOf('POST /api/journal-entries'));
  });

  it('sends the time of day the investigator gave', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog('Called the bank.');
    // An hour that is not the one the dialog opened with.
    const hour = new Date().getHours() === 9 ? 10 : 9;
    const time = within(dialog).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, `${String(hour).padStart(2, '0')}:30`);
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();
    const [create] = callsTo(fetchMock, 'POST', '/api/journal-entries');
    const performedAt = new Date(create.body.performedAt);
    expect([performedAt.getHours(), performedAt.getMinutes(), performedAt.getSeconds()]).toEqual([
      hour,
      30,
      0,
    ]);
  });

  it('sends a day typed in full and not confirmed with Enter, and refuses one that names no day', async () => {
    // A desktop browser: flatpickr then closes its calendar on mousedown outside it, reading the typed
    // text without reporting a change (jsdom has touch events, so flatpickr would listen to touchstart).
    vi.stubGlobal('ontouchstart', undefined);
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog('Called the bank.');
    const date = within(dialog).getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2/30/2025');
    await submit(dialog);
    expect(await within(dialog).findByText('Date must be a date written mm/dd/yyyy')).toBeVisible();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveValue('2/30/2025');
    expect(callsTo(fetchMock, 'POST', '/api/journal-entries')).toEqual([]);

    await userEvent.clear(date);
    await userEvent.type(date, '01/15/2025');
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();
    const [create] = callsTo(fetchMock, 'POST', '/api/journal-entries');
    const performedAt = new Date(create.body.performedAt);
    expect([performedAt.getFullYear(), performedAt.getMonth() + 1, performedAt.getDate()]).toEqual([
      2025, 1, 15,
    ]);
    vi.unstubAllGlobals();
  });

  it('records an entry a community member reported, entered on their behalf', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'GET /api/originators/community-members': communityMembers,
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog('Reported a fake parcel text.');
    await chooseReportedBy(dialog);
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();
    const [create] = callsTo(fetchMock, 'POST', '/api/journal-entries');
    expect(create.body).toMatchObject({ onBehalfOfOriginatorId: COMMUNITY_MEMBER.id });
    const [search] = callsTo(fetchMock, 'GET', '/api/originators/community-members');
    expect(search.url.searchParams.get('status')).toBe('active');
  });

  it('keeps the entry and only warns when linking it to the case fails', async () => {
    renderTimeline({
      ...BASE,
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(500, { error: { code: 'INTERNAL', message: 'Internal server error' } }),
    });
    const dialog = await openAddDialog('Victim called back.');
    await submit(dialog);
    expect(await screen.findByText('Entry saved, but not added to the case')).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByText('Entry added')).not.toBeInTheDocument();
  });

  it('says so when the create call answers something that is not an entry, and links nothing', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/journal-entries': () => json(201, { ok: true }),
    });
    const dialog = await openAddDialog('Victim called back.');
    await submit(dialog);
    expect(
      await within(dialog).findByText('Invalid response from server when creating journal entry'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', JOURNAL)).toHaveLength(0);
  });

  it('needs a description', async () => {
    const { fetchMock } = renderTimeline(BASE);
    const dialog = await openAddDialog('   ');
    await submit(dialog);
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/journal-entries')).toHaveLength(0);
  });

  it('offers what the server found in the text, ticked, each with why; links those left ticked', async () => {
    const extracted: unknown[] = [];
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/identifiers/extract': (init) => {
        extracted.push(JSON.parse(String(init.body)));
        return json(200, FOUND_IN_BANK_EMAIL);
      },
      'POST /api/identifiers': () => json(201, { id: 'id-iban' }),
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog(BANK_EMAIL_TEXT);
    const offer = await within(dialog).findByRole('group', { name: /Found in the text/ });
    // Read on the server once the text rested: one request for the pasted text.
    expect(extracted).toEqual([{ text: BANK_EMAIL_TEXT }]);
    const boxes = within(offer).getAllByRole('checkbox');
    // As written, a bank account masked.
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'IBAN ****5432 (bank account)',
      '020 7946 0958 (phone)',
      'fraud@secure-bank.example (email)',
    ]);
    boxes.forEach((box) => expect(box).toBeChecked());
    // Each says why it was taken for one, and the one on record, under its label and as the
    // checkbox's description, so a screen reader reads them together.
    const helpOf = (box: HTMLElement) =>
      box.closest<HTMLElement>('.cds--checkbox-wrapper')?.querySelector('.cds--form__helper-text')
        ?.textContent;
    const reasons = [
      FOUND_IBAN.reason,
      `${FOUND_PHONE.reason}. On record as +44 20 7946 0958`,
      FOUND_EMAIL.reason,
    ];
    expect(boxes.map(helpOf)).toEqual(reasons);
    boxes.forEach((box, index) => expect(box).toHaveAccessibleDescription(reasons[index]));
    // Not the e-mail address.
    await userEvent.click(within(offer).getByLabelText(/\(email\)/));
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();

    // The IBAN is created (as the server read it); the phone on record is linked as it is.
    expect(callsTo(fetchMock, 'POST', '/api/identifiers').map((call) => call.body)).toEqual([
      { type: 'bank_account', data: FOUND_IBAN.data, displayValue: 'Unknown ****5432' },
    ]);
    expect(callsTo(fetchMock, 'POST', '/api/journal-entries')[0].body.identifierIds).toEqual([
      'id-iban',
      'phone-1',
    ]);
  });

  it('links the existing one when the identifier was created meanwhile (409)', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/identifiers/extract': () => json(200, { data: [FOUND_EMAIL], isTruncated: false }),
      'POST /api/identifiers': () =>
        json(409, {
          error: {
            code: 'CONFLICT',
            message: 'An identifier with the same value already exists',
            details: { existingId: 'id-email' },
          },
        }),
      'POST /api/journal-entries': () => json(201, CREATED),
      [`POST ${JOURNAL}`]: () => json(200, CREATED),
    });
    const dialog = await openAddDialog('Replies go to fraud@secure-bank.example');
    await within(dialog).findByRole('group', { name: /Found in the text/ });
    await submit(dialog);
    expect(await screen.findByText('Entry added')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/journal-entries')[0].body.identifierIds).toEqual(['id-email']);
  });

  it('names the identifier that could not be added, and saves nothing', async () => {
    const { fetchMock } = renderTimeline({
      ...BASE,
      'POST /api/identifiers/extract': () => json(200, { data: [FOUND_EMAIL], isTruncated: false }),
      'POST /api/identifiers': () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Please enter a valid e-mail address',
            details: { fields: [{ field: 'data.address', message: 'Please enter a valid e-mail address' }] },
          },
        }),
    });
    const dialog = await openAddDialog('Replies go to fraud@secure-bank.example');
    await within(dialog).findByRole('group', { name: /Found in the text/ });
    await submit(dialog);
    expect(
      await within(dialog).findByText(
        'fraud@secure-bank.example (email) could not be linked: Please enter a valid e-mail address',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/journal-entries')).toHaveLength(0);
  });

  it('edits an entry: patches what changed and links what was added', async () => {
    const entry = {
      ...ENTRY,
      identifiers: [{ id: LINKED, type: 'phone', displayValue: '+1 4155550134' }],
      identifierIds: [LINKED],
    };
    const { fetchMock } = renderTimeline({
      ...BASE,
      [`GET ${JOURNAL}`]: () => journalPage([entry]),
      [`PATCH /api/journal-entries/${ENTRY.id}`]: () => json(200, entry),
      // The phone is the one the entry links; the e-mail address is new.
      'POST /api/identifiers/extract': () =>
        json(200, {
          data: [
            {
              ...FOUND_PHONE,
              text: '+1 415-555-0134',
              existing: { id: LINKED, displayValue: '+1 4155550134' },
            },
            { ...FOUND_EMAIL, text: 'a@b.org', data: { address: 'a@b.org' }, normalizedKey: 'a@b.org' },
          ],
          isTruncated: false,
        }),
      'POST /api/identifiers': () => json(201, { id: ADDED }),
      [`POST /api/journal-entries/${ENTRY.id}/identifiers/${ADDED}`]: () => json(200, entry),
    });
    const items = await openEntryMenu(/^Actions for Call entry/);
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = await findDialog('Edit journal entry');
    const description = within(dialog).getByLabelText('Description');
    expect(description).toHaveValue(ENTRY.description);
    await userEvent.click(description);
    // Already linked: +1 415-555-0134 is not offered again; the new e-mail is.
    await userEvent.paste(' Also +1 415-555-0134 and a@b.org');
    const offer = await within(dialog).findByRole('group', { name: /Found in the text/ });
    expect(
      within(offer)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['a@b.org (email)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', `/api/journal-entries/${ENTRY.id}`)[0].body).toEqual({
      description: `${ENTRY.description} Also +1 415-555-0134 and a@b.org`,
    });
    expect(callsTo(fetchMock, 'POST', `/api/journal-entries/${ENTRY.id}/identifiers/${ADDED}`)).toHaveLength(
      1,
    );
  });
  it('sends the version it edits, and on a conflict shows the current entry and reapplies the edit', async () => {
    // Someone else changed the type in the meantime.
    const current = { ...ENTRY, type: 'meeting' as const, updatedAt: '2026-11-20T15:00:00.250Z' };
    const ifMatches: (string | null)[] = [];
    const { fetchMock } = renderTimeline({
      ...BASE,
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`PATCH /api/journal-entries/${ENTRY.id}`]: (init) => {
        const ifMatch = new Headers(init.headers).get('If-Match');
        ifMatches.push(ifMatch);
        if (ifMatch === `"${Date.parse(current.updatedAt)}"`) return json(200, current);
        return json(412, {
          error: { code: 'PRECONDITION_FAILED', message: 'Changed', details: { current } },
        });
      },
    });
    const items = await openEntryMenu(/^Actions for Call entry/);
    await userEvent.click(items.find((item) => item.textContent === 'Edit')!);
    const dialog = await findDialog('Edit journal entry');
    await userEvent.click(within(dialog).getByLabelText('Description'));
    await userEvent.paste(' Then hung up.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('Someone else changed this entry while you were editing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Type: Meeting/)).toBeInTheDocument();
    expect(ifMatches).toEqual([`"${Date.parse(ENTRY.updatedAt)}"`]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).getByLabelText('Type')).toHaveValue('meeting');
    expect(within(dialog).getByLabelText('Description')).toHaveValue(`${ENTRY.description} Then hung up.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry saved')).toBeInTheDocument();
    expect(ifMatches[1]).toBe(`"${Date.parse(current.updatedAt)}"`);
    expect(callsTo(fetchMock, 'PATCH', `/api/journal-entries/${ENTRY.id}`)[1].body).toEqual({
      description: `${ENTRY.description} Then hung up.`,
    });
  });
});
