import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { json } from '../../../test/render-app';
import type { ImportResult, ImportRowResult } from '../api/identifier-types';
import { ImportIdentifiersModal } from './import-identifiers-modal';
import {
  BANK_EMAIL_TEXT,
  FOUND_EMAIL,
  FOUND_IBAN,
  FOUND_IN_BANK_EMAIL,
} from '../../../components/found-identifiers/found-candidates-test-data';

afterEach(() => vi.unstubAllGlobals());

const CSV = ['type,address', 'email,a@scam.example', 'email,b@scam.example', 'email,c@scam.example'].join(
  '\n',
);

const created = (row: number): ImportRowResult => ({ row, status: 'created', id: `id-${row}` });
const duplicate = (row: number): ImportRowResult => ({ row, status: 'duplicate', existingId: 'old-1' });
const invalid = (row: number): ImportRowResult => ({
  row,
  status: 'invalid',
  errors: [{ field: 'data.address', message: 'Please enter a valid email address' }],
});

function resultOf(rows: ImportRowResult[]): ImportResult {
  const count = (status: ImportRowResult['status']) => rows.filter((row) => row.status === status).length;
  return {
    data: rows,
    summary: { created: count('created'), duplicates: count('duplicate'), invalid: count('invalid') },
  };
}

/** The dialog on its own, the server answering the import with `rows`; a CSV of three rows is chosen. */
async function importFile(rows: ImportRowResult[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
      `${init.method} ${String(input)}` === 'POST /api/identifiers/import'
        ? json(200, resultOf(rows))
        : json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    ),
  );
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ImportIdentifiersModal onClose={onClose} onOpenIdentifier={vi.fn()} />
    </AppProviders>,
  );
  const user = userEvent.setup();
  const dialog = (await screen.findByRole('heading', { name: 'Import Identifiers' })).closest<HTMLElement>(
    '[role="dialog"]',
  )!;
  // jsdom's File has no text().
  const file = Object.assign(new File([CSV], 'rows.csv', { type: 'text/csv' }), { text: async () => CSV });
  await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  await user.click(await within(dialog).findByRole('button', { name: 'Import' }));
  await within(dialog).findByRole('list', { name: 'Import summary' });
  return { user, dialog, onClose };
}

/** The toast shown, by its title. */
async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.cds--toast-notification__title' });
  return heading.closest<HTMLElement>('.cds--toast-notification')!;
}

/** The buttons at the foot of the dialog (the header's close button aside). */
function footerButtons(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('.cds--modal-footer button')].map((button) => button.textContent ?? '');
}

describe('the import result', () => {
  it('says in green how many were created when every row was', async () => {
    const { dialog } = await importFile([created(1), created(2), created(3)]);
    const toast = await findToast('Import finished');
    expect(toast).toHaveClass('cds--toast-notification--success');
    expect(toast).toHaveTextContent('3 identifiers created');
    expect(footerButtons(dialog)).toEqual(['Done']);
  });

  it('warns, with how many were created and how many were not, when some rows failed', async () => {
    const { dialog } = await importFile([created(1), duplicate(2), invalid(3)]);
    const toast = await findToast('Import finished with problems');
    expect(toast).toHaveClass('cds--toast-notification--warning');
    expect(toast).toHaveTextContent('1 identifier created, 2 rows not imported (1 duplicate, 1 invalid)');
    expect(screen.queryByText('Import finished')).toBeNull();
    expect(footerButtons(dialog)).toEqual(['Done']);
  });

  it('reports an error, not a success, when no row was imported', async () => {
    const { dialog } = await importFile([invalid(1), invalid(2), invalid(3)]);
    const toast = await findToast('Nothing imported');
    expect(toast).toHaveClass('cds--toast-notification--error');
    expect(toast).toHaveAttribute('role', 'alert');
    expect(toast).toHaveTextContent('3 rows not imported (3 invalid)');
    expect(screen.queryByText('Import finished')).toBeNull();
    expect(screen.queryByText(/0 identifiers created/)).toBeNull();
    // The rows and their reasons stay in the dialog.
    expect(within(dialog).getAllByText('Please enter a valid email address')).toHaveLength(3);
    expect(footerButtons(dialog)).toEqual(['Done']);
  });

  it('warns when every row was already there', async () => {
    await importFile([duplicate(1), duplicate(2), duplicate(3)]);
    const toast = await findToast('Nothing imported');
    expect(toast).toHaveClass('cds--toast-notification--warning');
    expect(toast).toHaveTextContent('3 rows not imported (3 duplicates)');
  });

  it('closes with its one button once the import is done', async () => {
    const { user, dialog, onClose } = await importFile([created(1), created(2), invalid(3)]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers Cancel and Import before the import', async () => {
    vi.stubGlobal('fetch', vi.fn());
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImportIdentifiersModal onClose={vi.fn()} onOpenIdentifier={vi.fn()} />
      </AppProviders>,
    );
    const dialog = (await screen.findByRole('heading', { name: 'Import Identifiers' })).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(footerButtons(dialog)).toEqual(['Cancel', 'Import']);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('importing from pasted text', () => {
  it('lists the identifiers the server finds in the text, each with why, and imports the ticked ones', async () => {
    const imported: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const route = `${init.method} ${String(input)}`;
        if (route === 'POST /api/identifiers/extract') return json(200, FOUND_IN_BANK_EMAIL);
        if (route === 'POST /api/identifiers/import') {
          imported.push(JSON.parse(String(init.body)));
          return json(200, resultOf([created(1), created(2)]));
        }
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
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
    await user.click(within(dialog).getByRole('tab', { name: 'Pasted text' }));
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Text'));
    await user.paste(BANK_EMAIL_TEXT);

    const found = await within(dialog).findByRole('group', { name: 'Found in the text: import' });
    expect(within(found).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(found).getByText('A well-formed e-mail address')).toBeInTheDocument();
    // The phone already on record is left out by the person.
    await user.click(within(found).getByRole('checkbox', { name: '020 7946 0958 (phone)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await findToast('Import finished')).toHaveTextContent('2 identifiers created');
    // Import gave way to Done: focus is on what the import did, not on <body>; Done is the next stop.
    const outcome = within(dialog).getByRole('group', { name: 'Import result' });
    expect(outcome).toHaveFocus();
    expect(within(outcome).getByRole('list', { name: 'Import summary' })).toHaveTextContent('2 created');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(imported).toEqual([
      {
        items: [
          { type: 'bank_account', data: FOUND_IBAN.data },
          { type: 'email', data: FOUND_EMAIL.data },
        ],
      },
    ]);
  });
});
