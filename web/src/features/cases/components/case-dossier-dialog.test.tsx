import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../test/axe';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { ASSERTION_JSON, installWebAuthn } from '../../../test/webauthn';
import { CASE_ID, makeCase, page } from '../routes/case-detail-fixtures';

const DOSSIER = `/api/cases/${CASE_ID}/dossier`;
const EXPORT_ID = '0d6f7c1e-2b7a-4f0e-9a51-3c2d1e0f9a88';
const BEGIN = {
  exportId: EXPORT_ID,
  manifestSha256: 'a'.repeat(64),
  expiresAt: '2026-11-29T06:00:00.000Z',
  signingChallenge: 'c2lnbmluZy1jaGFsbGVuZ2U',
  options: {
    challenge: 'c2lnbmluZy1jaGFsbGVuZ2U',
    allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
  },
};
const COMPLETE = {
  exportId: EXPORT_ID,
  manifestSha256: 'a'.repeat(64),
  expiresAt: '2026-11-29T06:00:00.000Z',
  downloadUrl: `${DOSSIER}?export=${EXPORT_ID}`,
  signer: { name: 'Ada Okafor', email: 'investigator@example.org', passkeyName: 'YubiKey 5C' },
};
const ZIP = new Uint8Array(3000).fill(7);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A ZIP answered in three chunks, with its length when `withLength`. */
function zipResponse(withLength: boolean) {
  const chunks = [ZIP.subarray(0, 1000), ZIP.subarray(1000, 2000), ZIP.subarray(2000)];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/zip' };
  if (withLength) headers['Content-Length'] = String(ZIP.length);
  return new Response(body, { status: 200, headers });
}

/** The File System Access API's picker, stubbed: a file whose writes are recorded. */
function stubPicker(cancel = false) {
  const written: number[] = [];
  const writable = {
    write: vi.fn(async (chunk: Uint8Array) => {
      written.push(chunk.length);
    }),
    close: vi.fn(async () => undefined),
    abort: vi.fn(async () => undefined),
  };
  const handle = { name: 'case-42-dossier.zip', createWritable: vi.fn(async () => writable) };
  const picker = vi.fn(async () => {
    if (cancel) throw new DOMException('The user aborted a request.', 'AbortError');
    return handle;
  });
  vi.stubGlobal('showSaveFilePicker', picker);
  return { picker, writable, written };
}

function renderCase(passkeys: unknown[], routes: Parameters<typeof renderApp>[1] = {}) {
  const caseItem = makeCase();
  return renderApp(`/cases/${caseItem.id}`, {
    'GET /api/auth/me': () => json(200, makeUser('investigator')),
    [`GET /api/cases/${caseItem.id}`]: () => json(200, caseItem),
    [`GET /api/cases/${caseItem.id}/related`]: () => json(200, page([])),
    [`GET /api/cases/${caseItem.id}/identifiers`]: () => json(200, page([])),
    [`GET /api/cases/${caseItem.id}/history`]: () => json(200, page([])),
    'GET /api/auth/passkeys': () => json(200, passkeys),
    ...routes,
  });
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Export dossier' }));
  return screen.findByRole('dialog', { name: /Export dossier/ });
}

const calls = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('exporting a case dossier', () => {
  it('offers a user with a passkey to sign it, then streams the signed dossier into the chosen file', async () => {
    const { picker, writable, written } = stubPicker();
    const webauthn = installWebAuthn();
    const { fetchMock } = renderCase([{ id: 'p1', name: 'YubiKey 5C' }], {
      [`POST ${DOSSIER}/sign/begin`]: () => json(200, BEGIN),
      [`POST ${DOSSIER}/sign/complete`]: () => json(200, COMPLETE),
      [`GET ${DOSSIER}`]: () => zipResponse(true),
    });
    const dialog = await openDialog();
    const box = await within(dialog).findByRole('checkbox', { name: 'Sign the dossier with my passkey' });
    expect(box).toBeChecked();
    expect(within(dialog).getByText(/choose where to save the file/)).toBeVisible();
    await expectNoSeriousViolations(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and export' }));

    expect(await screen.findByText('Dossier exported')).toBeVisible();
    expect(
      screen.getByText(/case-42-dossier\.zip \(2\.9 KB\), signed with your passkey “YubiKey 5C”/),
    ).toBeVisible();
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: 'case-42-dossier.zip' }));
    expect(webauthn.get).toHaveBeenCalledTimes(1);
    const complete = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/sign/complete'))!;
    expect(JSON.parse(String(complete[1]!.body))).toEqual({
      exportId: EXPORT_ID,
      response: expect.objectContaining({ id: ASSERTION_JSON.id }),
    });
    expect(calls(fetchMock)).toContain(`GET ${DOSSIER}?export=${EXPORT_ID}`);
    // Written chunk by chunk as it arrived, never gathered first.
    expect(written).toEqual([1000, 1000, 1000]);
    expect(writable.close).toHaveBeenCalledTimes(1);
    expect(writable.abort).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the bytes written against the total while saving', async () => {
    stubPicker();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderCase([], {
      [`GET ${DOSSIER}`]: () => {
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(ZIP.subarray(0, 1024));
              return;
            }
            await held;
            controller.enqueue(ZIP.subarray(1024));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'Content-Length': String(ZIP.length) } });
      },
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Export unsigned' }));
    expect(await within(dialog).findByText('1.0 KB of 2.9 KB')).toBeVisible();
    expect(within(dialog).getByRole('progressbar', { name: 'Saving the dossier' })).toHaveAttribute(
      'aria-valuenow',
      '1024',
    );
    release();
    expect(await screen.findByText('Dossier exported')).toBeVisible();
  });

  it('tells a user without a passkey that the dossier will not be signed, and exports it unsigned', async () => {
    const { writable } = stubPicker();
    const { fetchMock } = renderCase([], { [`GET ${DOSSIER}`]: () => zipResponse(false) });
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText(/You have no passkey, so this dossier will not be signed/),
    ).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export unsigned' }));
    expect(await screen.findByText(/case-42-dossier\.zip \(2\.9 KB\), not signed/)).toBeVisible();
    expect(calls(fetchMock)).toContain(`GET ${DOSSIER}`);
    expect(calls(fetchMock).some((call) => call.includes('/sign/'))).toBe(false);
    expect(writable.close).toHaveBeenCalledTimes(1);
  });

  it('without the save picker, hands the GET to the browser and says where its progress shows', async () => {
    vi.stubGlobal('showSaveFilePicker', undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    installWebAuthn();
    const { fetchMock } = renderCase([{ id: 'p1' }], {
      [`POST ${DOSSIER}/sign/begin`]: () => json(200, BEGIN),
      [`POST ${DOSSIER}/sign/complete`]: () => json(200, COMPLETE),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/progress shows in the browser's downloads/)).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sign and export' }));
    expect(await screen.findByText('Dossier download started')).toBeVisible();
    expect(screen.getByText(/signed with your passkey “YubiKey 5C”\. .*browser's downloads/)).toBeVisible();
    expect(clicked).toEqual([`${DOSSIER}?export=${EXPORT_ID}`]);
    // The browser fetches it: the page reads no byte of it.
    expect(calls(fetchMock).filter((call) => call.startsWith(`GET ${DOSSIER}`))).toEqual([]);
  });

  it('a user who unticks signing exports unsigned; a cancelled picker exports nothing', async () => {
    const { picker } = stubPicker(true);
    const { fetchMock } = renderCase([{ id: 'p1' }], { [`GET ${DOSSIER}`]: () => zipResponse(false) });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Sign the dossier/ }));
    expect(within(dialog).getByText(/nothing in it proves who exported it/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export unsigned' }));
    await waitFor(() => expect(picker).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('dialog', { name: /Export dossier/ })).toBeVisible();
    expect(
      calls(fetchMock).some((call) => call.startsWith(`GET ${DOSSIER}`) || call.includes('/sign/')),
    ).toBe(false);
  });

  it('says why signing failed, and keeps the dialog open to try again', async () => {
    stubPicker();
    installWebAuthn();
    renderCase([{ id: 'p1' }], {
      [`POST ${DOSSIER}/sign/begin`]: () =>
        json(409, { error: { code: 'CONFLICT', message: 'You have no passkey to sign the dossier with' } }),
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sign and export' }));
    expect(await within(dialog).findByText('You have no passkey to sign the dossier with')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Sign and export' })).toBeEnabled();
  });
});
