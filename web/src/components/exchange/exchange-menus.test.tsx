import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { replaceSessionUser } from '../../lib/session';
import { readExchangeFile } from '../../lib/exchange-files';
import { json, makeUser } from '../../test/render-app';
import { CaseExchangeMenu } from './case-exchange-menu';
import { IdentifiersDownloadMenu } from './identifiers-download-menu';

const BUNDLE = { type: 'bundle', id: 'bundle--1', objects: [{ type: 'email-addr', id: 'email-addr--1' }] };
const EVENT = { Event: { info: 'Case #7', Attribute: [{ type: 'iban' }], Object: [] } };

let saved: Blob[];
/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
let calls: string[];
beforeEach(() => {
  saved = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/identifiers/stix') return json(200, BUNDLE);
      if (url.pathname === '/api/cases/c-7/misp') return json(200, EVENT);
      if (url.pathname === '/api/cases/c-7/stix')
        return json(400, { error: { code: 'VALIDATION_ERROR', message: 'Too many identifiers' } });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:saved';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(node: React.ReactNode, role: 'viewer' | 'investigator' = 'investigator') {
  const queryClient = createQueryClient();
  replaceSessionUser(queryClient, makeUser(role));
  return render(<AppProviders queryClient={queryClient}>{node}</AppProviders>);
}

describe('the identifier list download menu', () => {
  it('saves the filtered list as a STIX 2.1 bundle, and offers CSV beside it', async () => {
    const user = userEvent.setup();
    renderWith(<IdentifiersDownloadMenu filters={{ search: 'mule', type: 'email', sort: undefined }} />);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download STIX' }));
    expect(await screen.findByText('STIX bundle downloaded')).toBeVisible();
    expect(calls).toContain('GET /api/identifiers/stix?search=mule&type=email');
    expect(saved).toHaveLength(1);
    expect(JSON.parse(await textOf(saved[0]))).toEqual(BUNDLE);
    expect(screen.getByText(/^identifiers-stix-\d{4}-\d\d-\d\d\.json$/)).toBeVisible();
  });
});

describe('the case share menu', () => {
  it('saves the case as a MISP event, and says why a STIX bundle was not made', async () => {
    const user = userEvent.setup();
    renderWith(<CaseExchangeMenu caseItem={{ id: 'c-7', number: 7 }} />);
    await user.click(screen.getByRole('combobox', { name: 'Share as' }));
    await user.click(screen.getByRole('option', { name: 'MISP event' }));
    expect(await screen.findByText('MISP event downloaded')).toBeVisible();
    expect(screen.getByText('case-7-misp-event.json')).toBeVisible();
    expect(JSON.parse(await textOf(saved[0]))).toEqual(EVENT);

    await user.click(screen.getByRole('combobox', { name: 'Share as' }));
    await user.click(screen.getByRole('option', { name: 'STIX 2.1 bundle' }));
    expect(await screen.findByText('STIX bundle not downloaded')).toBeVisible();
    expect(screen.getByText('Too many identifiers')).toBeVisible();
    // The button is back once the download is over.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Share as' })).toBeEnabled());
  });

  it('is not offered without the permission to read identifiers', async () => {
    const queryClient = createQueryClient();
    replaceSessionUser(queryClient, makeUser('viewer', { permissions: ['case.view'] }));
    render(
      <AppProviders queryClient={queryClient}>
        <CaseExchangeMenu caseItem={{ id: 'c-7', number: 7 }} />
      </AppProviders>,
    );
    expect(screen.queryByRole('combobox', { name: 'Share as' })).toBeNull();
  });
});

describe('readExchangeFile', () => {
  it('tells a STIX bundle from a MISP event, also as MISP answers it from its API', () => {
    expect(readExchangeFile(JSON.stringify(BUNDLE))).toMatchObject({ format: 'stix', count: 1 });
    expect(readExchangeFile(JSON.stringify(EVENT))).toMatchObject({ format: 'misp', count: 1 });
    expect(readExchangeFile(JSON.stringify({ response: [EVENT] }))).toMatchObject({
      format: 'misp',
      body: EVENT,
    });
  });

  it('says why another file is not read', () => {
    expect(() => readExchangeFile('{')).toThrow('not valid JSON');
    expect(() => readExchangeFile('{"type":"indicator"}')).toThrow(
      'neither a STIX 2.1 bundle nor a MISP event',
    );
  });
});
