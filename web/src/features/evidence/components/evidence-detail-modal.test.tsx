import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ENTERED_FOR_MEMBER } from '../../../test/community-members';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { CUSTODY, NO_TAGS, page, SCREENSHOT, WRITTEN } from './evidence-test-data';

async function findDialog(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

function routes(verify: { sha256: string | null; matches: boolean }) {
  return {
    'GET /api/auth/me': () => json(200, makeUser('investigator')),
    'GET /api/evidence': () => page([SCREENSHOT]),
    'GET /api/tags': NO_TAGS,
    'GET /api/evidence/e1': () => json(200, SCREENSHOT),
    'GET /api/evidence/e1/custody': () => page(CUSTODY),
    'POST /api/evidence/e1/verify': () => json(200, verify),
  };
}

/** The value of the "Added by" field. */
const addedBy = (dialog: HTMLElement) =>
  within(dialog).getByText('Added by', { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('evidence detail', () => {
  it('shows the hash, the preview, the download and the chain of custody, and verifies the hash', async () => {
    renderApp('/evidence?open=e1', routes({ sha256: SCREENSHOT.sha256, matches: true }));
    const dialog = await findDialog('Payment receipt');
    expect(within(dialog).getByText(SCREENSHOT.sha256!)).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Preview of Payment receipt' })).toHaveAttribute(
      'src',
      '/api/evidence/e1/content?disposition=inline',
    );
    expect(addedBy(dialog)).toHaveTextContent('Ada Okafor (Team)');
    expect(addedBy(dialog)).not.toHaveTextContent('entered by');
    const download = within(dialog).getByRole('link', { name: /Download receipt.png/ });
    expect(download).toHaveAttribute('href', '/api/evidence/e1/content');
    expect(download).toHaveAttribute('download', 'receipt.png');
    expect(within(dialog).getByRole('link', { name: '#42 Romance scam' })).toBeInTheDocument();

    const custody = await within(dialog).findByRole('table', { name: 'Chain of custody' });
    const rows = within(custody).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^AddedAda Okafor.*1\.5 MB · image\/png · SHA-256 9f86d081…0a08 · to a case$/),
      expect.stringMatching(/^ViewedInbox scanner \(API key\).*Details opened$/),
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Hash matches')).toBeInTheDocument();
  });

  it('leaves a refused Verify to the "Access Denied" toast: no second message in the dialog', async () => {
    renderApp('/evidence?open=e1', {
      ...routes({ sha256: SCREENSHOT.sha256, matches: true }),
      'POST /api/evidence/e1/verify': () =>
        json(403, { error: { code: 'FORBIDDEN', message: 'Missing permission evidence.view' } }),
    });
    const dialog = await findDialog('Payment receipt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Access Denied')).toBeVisible();
    // Settled: the button is no longer read-only, so a failure would be on screen by now.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Verify' })).toHaveAttribute(
        'aria-disabled',
        'false',
      ),
    );
    expect(within(dialog).queryByText('Could not verify')).toBeNull();
    expect(within(dialog).queryByText('Missing permission evidence.view')).toBeNull();
  });

  it('opens with focus on Close, not on its whole body, and gives focus back to the title that opened it', async () => {
    renderApp('/evidence', routes({ sha256: SCREENSHOT.sha256, matches: true }));
    const opener = await screen.findByRole('link', { name: 'Payment receipt' });
    await userEvent.click(opener);
    const dialog = await findDialog('Payment receipt');
    const footer = dialog.querySelector<HTMLElement>('.cds--modal-footer')!;
    await vi.waitFor(() => expect(within(footer).getByRole('button', { name: 'Close' })).toHaveFocus());
    expect(dialog.querySelector('.cds--modal-scroll-content')).not.toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment receipt' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Payment receipt' })).toHaveFocus();
  });

  it('keeps Verify focused, read-only rather than disabled, while the hash is checked', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp('/evidence?open=e1', {
      ...routes({ sha256: SCREENSHOT.sha256, matches: true }),
      'POST /api/evidence/e1/verify': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const dialog = await findDialog('Payment receipt');
    const footer = dialog.querySelector<HTMLElement>('.cds--modal-footer')!;
    await vi.waitFor(() => expect(within(footer).getByRole('button', { name: 'Close' })).toHaveFocus());
    // From the keyboard: a mouse press in the dialog leaves focus where it is (keepFocusOnPress).
    act(() => within(dialog).getByRole('button', { name: 'Verify' }).focus());
    await userEvent.keyboard('{Enter}');
    const running = within(dialog).getByRole('button', { name: 'Verifying...' });
    // A disabled button would drop focus to <body>, out of the dialog.
    expect(running).toBeEnabled();
    expect(running).toHaveAttribute('aria-disabled', 'true');
    expect(running).toHaveFocus();
    answer(json(200, { sha256: SCREENSHOT.sha256, matches: true }));
    expect(await within(dialog).findByText('Hash matches')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toHaveFocus();
  });

  it('says loudly when the stored bytes no longer match their hash', async () => {
    const other = 'a'.repeat(64);
    renderApp('/evidence?open=e1', routes({ sha256: other, matches: false }));
    const dialog = await findDialog('Payment receipt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Hash does NOT match')).toBeInTheDocument();
    expect(within(dialog).getByText(`The stored bytes now hash to ${other}.`)).toBeInTheDocument();
  });

  it('shows written evidence as its text, without a download', async () => {
    renderApp('/evidence?open=e2', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([WRITTEN]),
      'GET /api/tags': NO_TAGS,
      'GET /api/evidence/e2': () => json(200, WRITTEN),
      'GET /api/evidence/e2/custody': () => page(CUSTODY),
    });
    const dialog = await findDialog('Call transcript');
    expect(within(dialog).getByText('He asked for gift cards.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Not in a case')).toBeInTheDocument();
  });

  it('says who entered evidence a community member reported', async () => {
    const reported = { ...WRITTEN, originator: ENTERED_FOR_MEMBER };
    renderApp('/evidence?open=e2', {
      'GET /api/auth/me': () => json(200, makeUser('investigator')),
      'GET /api/evidence': () => page([reported]),
      'GET /api/tags': NO_TAGS,
      'GET /api/evidence/e2': () => json(200, reported),
      'GET /api/evidence/e2/custody': () => page(CUSTODY),
    });
    const dialog = await findDialog('Call transcript');
    const value = addedBy(dialog);
    expect(within(value).getByRole('button', { name: 'scamwatcher42 (Community)' })).toBeVisible();
    expect(within(value).getByText('entered by Ada Okafor (Team)')).toBeVisible();
  });

  it('names no case and counts no entries the person may not read: absent, not "Not in a case" or 0', async () => {
    // No role lacks these; a narrowed sign-in can. The server then leaves the case and counts out.
    const person = makeUser('viewer', { permissions: ['evidence.view'] });
    const {
      case: _case,
      journalEntryCount: _entries,
      identifierCount: _identifiers,
      ...narrowed
    } = SCREENSHOT;
    renderApp('/evidence?open=e1', {
      'GET /api/auth/me': () => json(200, person),
      'GET /api/evidence': () => page([narrowed]),
      'GET /api/tags': NO_TAGS,
      'GET /api/evidence/e1': () => json(200, narrowed),
      'GET /api/evidence/e1/custody': () => page(CUSTODY),
    });
    const dialog = await findDialog('Payment receipt');
    expect(within(dialog).queryByText('Case', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Not in a case')).not.toBeInTheDocument();
    const entries = within(dialog).getByText('Journal entries', { selector: 'dt' }).nextElementSibling;
    expect(entries).toHaveTextContent(/^—$/);
  });
});
