import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { chooseReportedBy, COMMUNITY_MEMBER, communityMembers } from '../../../test/community-members';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { fill } from '../../../test/fill';
import { EvidencePanel } from './evidence-panel';
import { CASE_ID, NO_TAGS, page, SCREENSHOT, WRITTEN } from './evidence-test-data';
import {
  BANK_EMAIL_TEXT,
  FOUND_IBAN,
  FOUND_IN_BANK_EMAIL,
} from '../../../components/found-identifiers/found-candidates-test-data';

afterEach(() => vi.unstubAllGlobals());

/** AppModal's dialogs are named by their title: the heading finds them. */
async function openAddDialog() {
  await userEvent.click((await screen.findAllByRole('button', { name: 'Add evidence' }))[0]);
  const heading = await screen.findByRole('heading', { name: 'Add evidence' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

const file = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });

/**
 * /evidence for an investigator with no evidence and no tags yet, and the community members the
 * "Reported by" picker lists; `routes` add the answers a test is about.
 */
function renderEvidence(routes: Parameters<typeof renderApp>[1]) {
  return renderApp('/evidence', {
    'GET /api/auth/me': () => json(200, makeUser('investigator')),
    'GET /api/evidence': () => page([]),
    'GET /api/tags': NO_TAGS,
    'GET /api/originators/community-members': communityMembers,
    ...routes,
  });
}

describe('add evidence', () => {
  it('uploads each file on its own and keeps going when one is refused as too large', async () => {
    const sent: { fileName: string; title: string | null; tagIds: string[]; reportedBy: unknown }[] = [];
    const { fetchMock } = renderEvidence({
      'POST /api/evidence': (init) => {
        const form = init.body as FormData;
        const part = form.get('file') as File;
        sent.push({
          fileName: part.name,
          title: form.get('title') as string | null,
          tagIds: form.getAll('tagIds') as string[],
          reportedBy: form.get('onBehalfOfOriginatorId'),
        });
        if (part.name === 'call.mp4') {
          return json(413, {
            error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 25 MB' },
          });
        }
        return json(201, { ...SCREENSHOT, id: 'new-1', title: part.name, fileName: part.name });
      },
    });
    const dialog = await openAddDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [
      file('receipt.png', 2048, 'image/png'),
      file('call.mp4', 4096, 'video/mp4'),
    ]);

    const files = within(dialog).getByRole('list', { name: 'Files to upload' });
    expect(within(files).getByRole('listitem', { name: 'receipt.png' })).toHaveTextContent('2.0 KB');
    expect(within(files).getByRole('listitem', { name: 'call.mp4' })).toHaveTextContent('4.0 KB');
    await fill(within(dialog).getByLabelText('Title prefix (optional)'), 'Victim upload');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() =>
      expect(within(files).getByRole('listitem', { name: 'receipt.png' })).toHaveTextContent('Uploaded'),
    );
    expect(within(files).getByRole('listitem', { name: 'call.mp4' })).toHaveTextContent(
      'The file is larger than 25 MB',
    );
    // One request per file, both sent though one failed; the dialog stays to show the refusal.
    expect(sent.map((part) => part.fileName).sort()).toEqual(['call.mp4', 'receipt.png']);
    expect(sent.find((part) => part.fileName === 'receipt.png')!.title).toBe('Victim upload – receipt.png');
    // "Reported by" left empty: the files are the user's own.
    expect(sent.map((part) => part.reportedBy)).toEqual([null, null]);
    expect(within(dialog).getByRole('button', { name: 'Retry 1 file' })).toBeInTheDocument();
    // The list is asked again once every file has an outcome.
    const listCalls = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).startsWith('/api/evidence?') && init?.method === 'GET',
    );
    expect(listCalls.length).toBeGreaterThan(1);
  });

  it('uploads files a community member reported, entered on their behalf', async () => {
    const reportedBy: unknown[] = [];
    renderEvidence({
      'POST /api/evidence': (init) => {
        reportedBy.push((init.body as FormData).get('onBehalfOfOriginatorId'));
        return json(201, { ...SCREENSHOT, id: 'new-1' });
      },
    });
    const dialog = await openAddDialog();
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, [
      file('receipt.png', 2048, 'image/png'),
      file('chat.png', 1024, 'image/png'),
    ]);
    await chooseReportedBy(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    expect(await screen.findByText('Evidence added')).toBeInTheDocument();
    expect(reportedBy).toEqual([COMMUNITY_MEMBER.id, COMMUNITY_MEMBER.id]);
  });

  it('shows a refusal of who reported the files on that field, and in words beside each file', async () => {
    renderEvidence({
      'POST /api/evidence': () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'onBehalfOfOriginatorId: Originator not found',
            details: { fields: [{ field: 'onBehalfOfOriginatorId', message: 'Originator not found' }] },
          },
        }),
    });
    const dialog = await openAddDialog();
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, [
      file('receipt.png', 2048, 'image/png'),
    ]);
    await chooseReportedBy(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));
    // On the field (focused, as the first field in error) and beside the file.
    await waitFor(() => expect(within(dialog).getAllByText('Originator not found')).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Reported by/ })).toHaveFocus());
    expect(within(dialog).queryByText(/onBehalfOfOriginatorId/)).not.toBeInTheDocument();
  });

  /** The dialog on its "Written text" tab, with the bodies the server is sent. */
  async function openWrittenText() {
    const bodies: unknown[] = [];
    renderEvidence({
      'POST /api/evidence': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(201, WRITTEN);
      },
    });
    const dialog = await openAddDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Written text' }));
    return { dialog, bodies };
  }

  it('says under "Reported by" why community members cannot be listed: its silent call has no toast', async () => {
    const refusal = 'Missing permission originator.view';
    renderEvidence({
      'GET /api/originators/community-members': () =>
        json(403, { error: { code: 'FORBIDDEN', message: refusal } }),
    });
    const dialog = await openAddDialog();
    const picker = within(dialog).getByRole('combobox', { name: /^Reported by/ });
    await waitFor(() => expect(picker).toHaveAccessibleDescription(new RegExp(refusal)));
    expect(within(dialog).getByText(/Left empty, the report is your own/)).toBeVisible();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('says under "Case" why cases cannot be searched: its silent call has no toast', async () => {
    const refusal = 'Missing permission case.view';
    renderEvidence({
      'GET /api/cases': () => json(403, { error: { code: 'FORBIDDEN', message: refusal } }),
    });
    const dialog = await openAddDialog();
    const picker = within(dialog).getByRole('combobox', { name: /^Case/ });
    await userEvent.click(picker);
    await waitFor(() => expect(picker).toHaveAccessibleDescription(new RegExp(refusal)));
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('adds written text a community member reported, entered on their behalf', async () => {
    const { dialog, bodies } = await openWrittenText();
    await fill(within(dialog).getByLabelText('Title'), 'Call transcript');
    await fill(within(dialog).getByLabelText('Text'), 'He asked for gift cards.');
    await chooseReportedBy(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    expect(await screen.findByText('Evidence added')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        title: 'Call transcript',
        body: 'He asked for gift cards.',
        description: '',
        tagIds: [],
        onBehalfOfOriginatorId: COMMUNITY_MEMBER.id,
      },
    ]);
  });

  it('offers the identifiers written in the text and links the ticked ones to the new item', async () => {
    const sent: string[] = [];
    const extracted: unknown[] = [];
    renderEvidence({
      'POST /api/identifiers/extract': (init) => {
        extracted.push(JSON.parse(String(init.body)));
        return json(200, FOUND_IN_BANK_EMAIL);
      },
      'POST /api/evidence': () => json(201, WRITTEN),
      'POST /api/identifiers': (init) => {
        sent.push(`create ${String(init.body)}`);
        return json(201, { id: 'iban-new' });
      },
      'POST /api/evidence/e2/identifiers/phone-1': () => {
        sent.push('link phone-1');
        return json(200, WRITTEN);
      },
      'POST /api/evidence/e2/identifiers/iban-new': () => {
        sent.push('link iban-new');
        return json(200, WRITTEN);
      },
    });
    const dialog = await openAddDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Written text' }));
    await fill(within(dialog).getByLabelText('Title'), 'Bank e-mail');
    await userEvent.click(within(dialog).getByLabelText('Text'));
    await userEvent.paste(BANK_EMAIL_TEXT);

    const found = await within(dialog).findByRole('group', {
      name: 'Found in the text: link to the evidence',
    });
    const iban = within(found).getByRole('checkbox', { name: 'IBAN ****5432 (bank account)' });
    const phone = within(found).getByRole('checkbox', { name: '020 7946 0958 (phone)' });
    const email = within(found).getByRole('checkbox', { name: 'fraud@secure-bank.example (email)' });
    // Each says why; the one on record says so.
    expect(within(found).getByText('An IBAN: Valid GB IBAN check digits')).toBeInTheDocument();
    expect(within(found).getByText(/On record as \+44 20 7946 0958/)).toBeInTheDocument();
    expect([iban, phone, email].every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(extracted).toEqual([{ text: BANK_EMAIL_TEXT }]);
    await userEvent.click(email);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    expect(await screen.findByText('Evidence added')).toBeInTheDocument();
    // The new IBAN is created, the phone on record linked as it is, the unticked e-mail left alone.
    expect(sent).toEqual([
      `create ${JSON.stringify({ type: 'bank_account', data: FOUND_IBAN.data, displayValue: 'Unknown ****5432' })}`,
      'link iban-new',
      'link phone-1',
    ]);
  });

  it("adds written text on Enter in its title, as the dialog's action does", async () => {
    const { dialog, bodies } = await openWrittenText();
    await userEvent.type(within(dialog).getByLabelText('Text'), 'He asked for gift cards.');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Call transcript{Enter}');
    expect(await screen.findByText('Evidence added')).toBeInTheDocument();
    expect(bodies).toMatchObject([{ title: 'Call transcript', body: 'He asked for gift cards.' }]);
  });

  it('asks for a file before uploading', async () => {
    const { fetchMock } = renderEvidence({});
    const dialog = await openAddDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose at least one file to upload')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("checks written evidence with the shared schema and shows the server's field errors", async () => {
    const bodies: unknown[] = [];
    renderEvidence({
      'POST /api/evidence': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid request',
            details: {
              fields: [{ field: 'body', message: 'body contains a character that is not allowed' }],
            },
          },
        });
      },
    });
    const dialog = await openAddDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Written text' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    // Nothing is sent while the schema refuses it.
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Text is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await fill(within(dialog).getByLabelText('Title'), 'Call transcript');
    await fill(within(dialog).getByLabelText('Text'), 'He asked for gift cards.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    expect(
      await within(dialog).findByText('body contains a character that is not allowed'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { title: 'Call transcript', body: 'He asked for gift cards.', description: '', tagIds: [] },
    ]);
  });

  it('inside a case lists its evidence only, under its own URL parameters, and adds to it', async () => {
    const bodies: unknown[] = [];
    const { fetchMock, router } = renderPanel(`/cases/${CASE_ID}?tab=evidence&evidenceKind=written`, {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([WRITTEN]),
      'GET /api/tags': NO_TAGS,
      [`GET /api/cases/${CASE_ID}`]: () =>
        json(200, { id: CASE_ID, number: 42, title: 'Romance scam', status: 'open' }),
      'POST /api/evidence': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(201, WRITTEN);
      },
    });
    expect(await screen.findByRole('link', { name: 'Call transcript' })).toBeInTheDocument();
    const listUrl = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/evidence?'))![0]),
      'http://x',
    );
    expect(listUrl.searchParams.get('caseId')).toBe(CASE_ID);
    expect(listUrl.searchParams.get('kind')).toBe('written');
    // No Case column and no case filter: the case is the page's.
    expect(screen.queryByRole('columnheader', { name: 'Case' })).not.toBeInTheDocument();
    // No Kind column either, beside the related cases: the title's cell says the kind.
    expect(screen.queryByRole('columnheader', { name: 'Kind' })).not.toBeInTheDocument();
    const title = screen.getByRole('link', { name: 'Call transcript' }).closest('td')!;
    expect(title).toHaveTextContent('Call transcript, Written');

    const dialog = await openAddDialog();
    expect(await within(dialog).findByText('#42 Romance scam')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Written text' }));
    await fill(within(dialog).getByLabelText('Title'), 'Call transcript');
    await fill(within(dialog).getByLabelText('Text'), 'He asked for gift cards.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add evidence' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Add evidence' })).not.toBeInTheDocument(),
    );
    expect(bodies).toEqual([
      {
        title: 'Call transcript',
        body: 'He asked for gift cards.',
        description: '',
        caseId: CASE_ID,
        tagIds: [],
      },
    ]);
    // Opening an item keeps the case page's parameters and adds its own.
    await userEvent.click(screen.getByRole('link', { name: 'Call transcript' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=evidence&evidenceKind=written&evidenceOpen=e2'),
    );
  });

  it('hides "Add evidence" in a read-only case', async () => {
    renderPanel(
      `/cases/${CASE_ID}`,
      {
        'GET /api/auth/me': () => json(200, makeUser('investigator')),
        'GET /api/evidence': () => page([WRITTEN]),
        'GET /api/tags': NO_TAGS,
      },
      true,
    );
    expect(await screen.findByRole('link', { name: 'Call transcript' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add evidence' })).not.toBeInTheDocument();
  });
});

/** The panel alone, as the case page mounts it in its Evidence tab. */
function renderPanel(
  path: string,
  routes: Record<string, (init: RequestInit) => Response>,
  readOnly = false,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(init) : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/cases/:id', element: <EvidencePanel caseId={CASE_ID} readOnly={readOnly} /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}
