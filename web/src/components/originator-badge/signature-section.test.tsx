import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { ApiError } from '../../lib/api-error';
import { PasskeyError } from '../../lib/passkeys';
import { page } from '../../lib/reload-page';
import { json } from '../../test/render-app';
import { OriginatorBadge, type OriginatorBadgeProps } from './originator-badge';

const originator = { id: 'o-1', type: 'team_member', name: 'Ada Lovelace' } as const;

const validInfo = {
  valid: true,
  signerName: 'Ada Lovelace',
  signerEmail: 'ada@example.org',
  passkeyName: 'YubiKey 5C',
  signedAt: '2025-03-01T10:00:00.000Z',
  signatureAlgorithm: 'ES256',
};

function renderBadge(props: Omit<OriginatorBadgeProps, 'originator'>, me: object | null = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/auth/me') && me
        ? json(200, me)
        : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    ),
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <OriginatorBadge originator={originator} {...props} />
    </AppProviders>,
  );
}

const ME = {
  id: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'a@x.org',
  role: 'investigator',
  permissions: [],
  originatorId: 'o-1',
};

async function openSignatureSection(badgeName = /Ada Lovelace \(Team\)/) {
  await userEvent.click(screen.getByRole('button', { name: badgeName }));
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

describe('Digital Signature section', () => {
  it('says an unsigned entry has not been signed', async () => {
    renderBadge({ signature: { isSigned: false } });
    const section = await openSignatureSection();
    expect(section).toHaveTextContent('This entry has not been digitally signed');
  });

  it('speaks to the originator about their own unsigned entry', async () => {
    renderBadge({ signature: { isSigned: false }, sign: vi.fn() }, ME);
    const section = await openSignatureSection();
    expect(await within(section).findByText('You have not signed this entry yet')).toBeVisible();
  });

  it('shows a verified signature with signer, passkey, time and algorithm', async () => {
    renderBadge({ signature: { isSigned: true, info: validInfo } });
    const section = await openSignatureSection();
    expect(within(section).getByText('Signature verified')).toBeVisible();
    for (const text of ['Ada Lovelace', 'ada@example.org', 'YubiKey 5C', 'ES256']) {
      expect(within(section).getByText(text)).toBeVisible();
    }
    expect(within(section).getByText(/Mar 1, 2025/)).toBeVisible();
    expect(section.querySelector('.cds--inline-notification--success')).not.toBeNull();
  });

  it('shows an invalid signature in red with its reason', async () => {
    renderBadge({
      signature: {
        isSigned: true,
        info: { valid: false, invalidReason: 'The entry was changed after signing' },
      },
    });
    const section = await openSignatureSection();
    expect(within(section).getByText('Signature invalid')).toBeVisible();
    expect(within(section).getByText('The entry was changed after signing')).toBeVisible();
    expect(section.querySelector('.cds--inline-notification--error')).not.toBeNull();
  });

  it('verifies when the modal opens, and again at the next opening', async () => {
    const verify = vi.fn().mockResolvedValue(validInfo);
    renderBadge({ signature: { isSigned: true }, verify });
    expect(verify).not.toHaveBeenCalled();
    const section = await openSignatureSection();
    expect(await within(section).findByText('Signature verified')).toBeVisible();
    expect(verify).toHaveBeenCalledOnce();
    // The dialog's Close action, in its footer (its header's close icon is named Close too).
    const footer = document.querySelector<HTMLElement>('.originator-details-portal .cds--modal-footer')!;
    await userEvent.click(within(footer).getByRole('button', { name: 'Close' }));
    await openSignatureSection();
    await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(2));
  });

  it.each([
    [
      'a failed verification',
      () => Promise.reject(new ApiError(500, 'INTERNAL', 'boom')),
      'Failed to verify signature',
    ],
    [
      'no answer',
      () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'offline')),
      'No response from server',
    ],
    ['an empty answer', () => Promise.resolve(undefined), 'No response from server'],
  ])('marks the signature invalid after %s', async (_label, verify, reason) => {
    renderBadge({ signature: { isSigned: true }, verify });
    const section = await openSignatureSection();
    expect(await within(section).findByText(reason)).toBeVisible();
    expect(within(section).getByText('Signature invalid')).toBeVisible();
  });
});

describe('Signing from the Digital Signature section', () => {
  it('offers its originator "Sign entry", signs, then reloads the page', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    let finish: () => void = () => undefined;
    const sign = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderBadge({ signature: { isSigned: false }, sign }, ME);
    const section = await openSignatureSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Sign entry' }));

    expect(sign).toHaveBeenCalledOnce();
    expect(within(section).getByText('Waiting for your passkey...')).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('offers no Sign button to anyone but the originator', async () => {
    renderBadge({ signature: { isSigned: false }, sign: vi.fn() }, { ...ME, originatorId: 'o-2' });
    const section = await openSignatureSection();
    expect(section).toHaveTextContent('This entry has not been digitally signed');
    expect(within(section).queryByRole('button', { name: 'Sign entry' })).toBeNull();
  });

  it('offers no Sign button, nor a "yet", where the entry may not be signed (a removed one)', async () => {
    renderBadge({ signature: { isSigned: false } }, ME);
    const section = await openSignatureSection();
    expect(await within(section).findByText('This entry has not been digitally signed')).toBeVisible();
    expect(within(section).queryByText('You have not signed this entry yet')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Sign entry' })).toBeNull();
  });

  it.each([
    ['a cancelled prompt', new PasskeyError('cancelled'), 'Authentication was cancelled'],
    [
      'a refusal',
      new ApiError(409, 'CONFLICT', 'You have no passkey: add one on your profile'),
      'You have no passkey: add one on your profile',
    ],
    ['anything else', new Error('boom'), 'Failed to sign the journal entry'],
  ])('shows why signing failed after %s, and does not reload', async (_label, error, message) => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    renderBadge({ signature: { isSigned: false }, sign: () => Promise.reject(error) }, ME);
    const section = await openSignatureSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Sign entry' }));
    expect(await within(section).findByText(message)).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Sign entry' })).toBeEnabled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a signed entry’s signature bundle for download', async () => {
    renderBadge({
      signature: { isSigned: true },
      verify: () => Promise.resolve(validInfo),
      signatureBundle: { url: '/api/journal-entries/e-1/signature-bundle', fileName: 'bundle-e-1.json' },
    });
    const section = await openSignatureSection();
    const link = await within(section).findByRole('link', { name: 'Download signature bundle' });
    expect(link).toHaveAttribute('href', '/api/journal-entries/e-1/signature-bundle');
    expect(link).toHaveAttribute('download', 'bundle-e-1.json');
  });
});
