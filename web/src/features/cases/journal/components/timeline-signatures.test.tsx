import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { VerifyCaseResponse } from '@scamtrail/domain/signatures';
import { takeToastAfterReload } from '../../../../components/toasts/toast-after-reload';
import { page } from '../../../../lib/reload-page';
import { json, makeUser } from '../../../../test/render-app';
import { ASSERTION_JSON, domError, installWebAuthn } from '../../../../test/webauthn';
import { callsTo, CASE_ID, ENTRY, journalPage, openEntryMenu, renderTimeline } from './timeline-test-setup';

const JOURNAL = `/api/cases/${CASE_ID}/journal-entries`;
const INTEGRITY = `/api/cases/${CASE_ID}/journal-integrity`;
const ENTRY_PATH = `/api/journal-entries/${ENTRY.id}`;
const SIGNED: JournalEntry = { ...ENTRY, isSigned: true, signedBy: 'Ada Okafor' };
const BEGIN = {
  signingChallenge: 'c2lnbmluZy1jaGFsbGVuZ2U',
  options: {
    challenge: 'c2lnbmluZy1jaGFsbGVuZ2U',
    allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }],
  },
};
const VALID = {
  valid: true,
  info: {
    valid: true,
    signerName: 'Ada Okafor',
    signerEmail: 'ada@example.org',
    passkeyName: 'YubiKey 5C',
    signedAt: '2026-11-20T15:00:00.000Z',
    signatureAlgorithm: 'ES256',
  },
};
const intact = () => json(200, { intact: true, entries: 3 });

async function openSignature(name: RegExp = /Ada Okafor \(Team\)/) {
  await userEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog).getByRole('region', { name: 'Digital Signature' });
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a journal entry’s signature on the timeline', () => {
  it('shows the lock on a signed entry’s badge and verifies it when the modal opens', async () => {
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([SIGNED]),
      [`GET ${INTEGRITY}`]: intact,
      [`GET ${ENTRY_PATH}/verify`]: () => json(200, VALID),
    });
    const section = await openSignature(/Ada Okafor \(Team\), signed/);
    expect(await within(section).findByText('Signature verified')).toBeVisible();
    for (const text of ['Ada Okafor', 'ada@example.org', 'YubiKey 5C', 'ES256']) {
      expect(within(section).getByText(text)).toBeVisible();
    }
    expect(callsTo(fetchMock, 'GET', `${ENTRY_PATH}/verify`)).toHaveLength(1);
    const bundle = within(section).getByRole('link', { name: 'Download signature bundle' });
    expect(bundle).toHaveAttribute('href', `${ENTRY_PATH}/signature-bundle`);
    expect(bundle).toHaveAttribute('download', `signature-bundle-${ENTRY.id}.json`);
  });

  it('shows an altered entry’s signature invalid with the reason', async () => {
    renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([SIGNED]),
      [`GET ${ENTRY_PATH}/verify`]: () =>
        json(200, {
          valid: false,
          info: { valid: false, invalidReason: 'description changed after signing' },
        }),
    });
    const section = await openSignature(/signed/);
    expect(await within(section).findByText('Signature invalid')).toBeVisible();
    expect(within(section).getByText('description changed after signing')).toBeVisible();
  });

  it.each([
    [
      'Failed to verify signature',
      'a failed call',
      () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    ],
    ['No response from server', 'no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says "%s" after %s', async (reason, _label, answer) => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([SIGNED]), [`GET ${ENTRY_PATH}/verify`]: answer });
    const section = await openSignature(/signed/);
    expect(await within(section).findByText(reason)).toBeVisible();
  });

  it('signs the originator’s entry: begin, passkey prompt, complete, then the page reloads', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const webauthn = installWebAuthn();
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`POST ${ENTRY_PATH}/sign/begin`]: () => json(200, BEGIN),
      [`POST ${ENTRY_PATH}/sign/complete`]: () => json(200, SIGNED),
    });
    const section = await openSignature();
    expect(await within(section).findByText('You have not signed this entry yet')).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Sign entry' }));

    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(callsTo(fetchMock, 'POST', `${ENTRY_PATH}/sign/begin`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', `${ENTRY_PATH}/sign/complete`)[0].body).toEqual({
      response: ASSERTION_JSON,
    });
    const allowed = webauthn.get.mock.calls[0][0].publicKey!.allowCredentials!;
    expect(allowed).toHaveLength(1);
  });

  it('shows the server’s refusal and does not reload', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    installWebAuthn();
    renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`POST ${ENTRY_PATH}/sign/begin`]: () =>
        json(409, {
          error: { code: 'CONFLICT', message: 'You have no passkey. Add one on your profile first.' },
        }),
    });
    const section = await openSignature();
    await userEvent.click(await within(section).findByRole('button', { name: 'Sign entry' }));
    expect(
      await within(section).findByText('You have no passkey. Add one on your profile first.'),
    ).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says the prompt was cancelled, without completing', async () => {
    installWebAuthn().get.mockRejectedValueOnce(domError('NotAllowedError'));
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`POST ${ENTRY_PATH}/sign/begin`]: () => json(200, BEGIN),
    });
    const section = await openSignature();
    await userEvent.click(await within(section).findByRole('button', { name: 'Sign entry' }));
    expect(await within(section).findByText('Authentication was cancelled')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', `${ENTRY_PATH}/sign/complete`)).toHaveLength(0);
  });

  it('offers no signing of a removed entry, nor of another originator’s', async () => {
    renderTimeline(
      { [`GET ${JOURNAL}`]: () => journalPage([{ ...ENTRY, isNullified: true, nullifiedReason: 'dup' }]) },
      { path: '/cases/c?journalShowRemoved=true' },
    );
    let section = await openSignature();
    // Spec 4: a removed entry cannot be signed, so its originator is not told "not signed yet".
    expect(await within(section).findByText('This entry has not been digitally signed')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Sign entry' })).toBeNull();
    // The originator dialog's Close action, in its footer (its close icon is named Close too).
    const footer = document.querySelector<HTMLElement>('.originator-details-portal .cds--modal-footer')!;
    await userEvent.click(within(footer).getByRole('button', { name: 'Close' }));

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderTimeline(
      { [`GET ${JOURNAL}`]: () => journalPage([ENTRY]) },
      { user: makeUser('investigator', { originatorId: 'o-2' }) },
    );
    section = await openSignature();
    expect(section).toHaveTextContent('This entry has not been digitally signed');
    expect(within(section).queryByRole('button', { name: 'Sign entry' })).toBeNull();
  });

  it('signs from the entry’s menu, and the reloaded page says it is signed', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    installWebAuthn();
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`POST ${ENTRY_PATH}/sign/begin`]: () => json(200, BEGIN),
      [`POST ${ENTRY_PATH}/sign/complete`]: () => json(200, SIGNED),
    });
    const items = await openEntryMenu(/^Actions for Call entry/);
    await userEvent.click(items.find((item) => item.textContent === 'Sign entry')!);
    const dialog = await screen.findByRole('dialog', { name: 'Sign entry' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign with passkey' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(callsTo(fetchMock, 'POST', `${ENTRY_PATH}/sign/complete`)).toHaveLength(1);
    expect(takeToastAfterReload()).toMatchObject({ kind: 'success', title: 'Entry signed' });
  });

  it('offers Sign entry in the menu of its originator’s unsigned entries only', async () => {
    // An administrator, whose menu on another's entry still has Edit and Remove: only Sign is withheld.
    renderTimeline(
      { [`GET ${JOURNAL}`]: () => journalPage([ENTRY]) },
      { user: makeUser('admin', { originatorId: 'o-2' }) },
    );
    const items = await openEntryMenu(/^Actions for Call entry/);
    expect(items.map((item) => item.textContent)).not.toContain('Sign entry');
  });

  it('offers Remove but not Edit for a signed entry', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([SIGNED]) });
    const items = await openEntryMenu(/^Actions for Call entry/);
    expect(items.map((item) => item.textContent)).toEqual(['Remove']);
  });
});

describe('the journal’s integrity and the case’s signatures', () => {
  it('shows an intact journal with its number of events', async () => {
    renderTimeline({ [`GET ${JOURNAL}`]: () => journalPage([ENTRY]), [`GET ${INTEGRITY}`]: intact });
    expect(await screen.findByText('Journal intact (3 events)')).toBeVisible();
  });

  it('shows where the chain breaks and why', async () => {
    renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`GET ${INTEGRITY}`]: () =>
        json(200, {
          intact: false,
          entries: 3,
          firstBreak: {
            seq: 2,
            journalEntryId: ENTRY.id,
            reason: 'the entry does not match its recorded hash',
          },
        }),
    });
    expect(
      await screen.findByText(
        'Journal integrity broken at event #2: the entry does not match its recorded hash',
      ),
    ).toBeVisible();
  });

  it('verifies the case’s signatures and lists the invalid ones with their reasons', async () => {
    const other = { ...SIGNED, id: '33333333-3333-4333-8333-333333333333', type: 'email' as const };
    const result: VerifyCaseResponse = {
      caseId: CASE_ID,
      results: [
        { journalEntryId: SIGNED.id, valid: true, info: VALID.info },
        {
          journalEntryId: other.id,
          valid: false,
          info: { valid: false, invalidReason: 'an identifier was unlinked' },
        },
      ],
      summary: { total: 5, valid: 1, invalid: 1, unsigned: 3 },
    };
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([SIGNED, other]),
      [`GET ${INTEGRITY}`]: intact,
      [`POST /api/journal-entries/case/${CASE_ID}/verify`]: () => json(200, result),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify signatures' }));

    expect(await screen.findByText('1 signature invalid')).toBeVisible();
    expect(screen.getByText('5 entries: 1 valid, 1 invalid, 3 unsigned.')).toBeVisible();
    const invalid = screen.getByRole('list', { name: 'Invalid signatures' });
    expect(within(invalid).getAllByRole('listitem')).toHaveLength(1);
    expect(invalid).toHaveTextContent(/^E-mail entry of .+: an identifier was unlinked$/);
    expect(callsTo(fetchMock, 'POST', `/api/journal-entries/case/${CASE_ID}/verify`)).toHaveLength(1);
  });

  it('says all is well when every signature holds', async () => {
    renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([SIGNED]),
      [`POST /api/journal-entries/case/${CASE_ID}/verify`]: () =>
        json(200, {
          caseId: CASE_ID,
          results: [{ journalEntryId: SIGNED.id, valid: true, info: VALID.info }],
          summary: { total: 1, valid: 1, invalid: 0, unsigned: 0 },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify signatures' }));
    expect(await screen.findByText('Signatures verified')).toBeVisible();
    expect(screen.getByText('1 entry: 1 valid, 0 invalid, 0 unsigned.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Invalid signatures' })).toBeNull();
  });

  it('says no entry is signed, not that signatures are verified, when none is', async () => {
    renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([ENTRY]),
      [`POST /api/journal-entries/case/${CASE_ID}/verify`]: () =>
        json(200, { caseId: CASE_ID, results: [], summary: { total: 2, valid: 0, invalid: 0, unsigned: 2 } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify signatures' }));
    expect(await screen.findByText('No signed entries')).toBeVisible();
    expect(
      screen.getByText(
        "2 entries: 0 valid, 0 invalid, 2 unsigned. An entry's author can sign it from its menu.",
      ),
    ).toBeVisible();
    expect(screen.queryByText('Signatures verified')).toBeNull();
  });

  it('keeps Verify signatures focusable while it runs, and runs it once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = renderTimeline({
      [`GET ${JOURNAL}`]: () => journalPage([SIGNED]),
      [`POST /api/journal-entries/case/${CASE_ID}/verify`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify signatures' }));
    const running = await screen.findByRole('button', { name: 'Verifying...' });
    // Disabled, the browser would move focus off it to <body>.
    expect(running).toBeEnabled();
    expect(running).toHaveAttribute('aria-disabled', 'true');
    expect(running).toHaveFocus();
    await userEvent.click(running);
    expect(callsTo(fetchMock, 'POST', `/api/journal-entries/case/${CASE_ID}/verify`)).toHaveLength(1);
    answer(
      json(200, {
        caseId: CASE_ID,
        results: [{ journalEntryId: SIGNED.id, valid: true, info: VALID.info }],
        summary: { total: 1, valid: 1, invalid: 0, unsigned: 0 },
      }),
    );
    expect(await screen.findByText('Signatures verified')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verify signatures' })).toHaveFocus();
  });
});
