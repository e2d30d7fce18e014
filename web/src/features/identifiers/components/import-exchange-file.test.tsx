import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { json } from '../../../test/render-app';
import { ImportIdentifiersModal } from './import-identifiers-modal';

afterEach(() => vi.unstubAllGlobals());

const BUNDLE = JSON.stringify({
  type: 'bundle',
  id: 'bundle--5d0092c5-5f74-4287-9642-33f4c354e56d',
  objects: [
    { type: 'email-addr', id: 'email-addr--1', value: 'mule@scam.example' },
    { type: 'identity', id: 'identity--1' },
  ],
});

describe('the identifier import of a STIX bundle', () => {
  it('sends a .json bundle to the STIX import and shows what it did', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (`${init.method} ${String(input)}` !== 'POST /api/identifiers/import/stix') {
          return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
        }
        posted.push(JSON.parse(String(init.body)));
        return json(200, {
          data: [{ row: 1, status: 'created', id: 'id-1', ref: 'email-addr--1' }],
          summary: { created: 1, duplicates: 0, invalid: 0, skipped: 1 },
          skipped: [{ ref: 'identity--1', reason: 'not an observable' }],
        });
      }),
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImportIdentifiersModal onClose={vi.fn()} onOpenIdentifier={vi.fn()} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    const dialog = (await screen.findByRole('heading', { name: 'Import Identifiers' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    const file = Object.assign(new File([BUNDLE], 'bundle.json', { type: 'application/json' }), {
      text: async () => BUNDLE,
    });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await within(dialog).findByText('A STIX 2.1 bundle of 2 objects, ready to import.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('list', { name: 'Import summary' });
    expect(posted).toEqual([JSON.parse(BUNDLE)]);
    expect(dialog).toHaveTextContent('1 created');
    expect(dialog).toHaveTextContent('1 object read past: not identifiers Scamtrail records.');
  });

  it('says why a JSON file that is neither is not imported', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImportIdentifiersModal onClose={vi.fn()} onOpenIdentifier={vi.fn()} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    const dialog = (await screen.findByRole('heading', { name: 'Import Identifiers' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    const text = '{"hello":1}';
    const file = Object.assign(new File([text], 'other.json', { type: 'application/json' }), {
      text: async () => text,
    });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await within(dialog).findByText(/neither a STIX 2.1 bundle nor a MISP event/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
