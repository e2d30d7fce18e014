import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@scamtrail/domain/automations';
import { PERMISSIONS, type Role } from '@scamtrail/domain/permissions';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { API_KEY, AUTOMATION, AUTOMATION_ID } from './automation-test-fixtures';

function renderAutomation(apiKeys: ApiKey[], role: Role = 'admin') {
  renderApp(`/automations/${AUTOMATION_ID}`, {
    'GET /api/auth/me': () => json(200, makeUser(role)),
    [`GET /api/automations/${AUTOMATION_ID}`]: () => json(200, { ...AUTOMATION, apiKeys }),
  });
  return userEvent.setup();
}

/** The API keys table's row of the key named `name`. */
async function findKeyRow(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'API keys' });
  const cell = await within(table).findByRole('cell', { name });
  return cell.closest('tr')!;
}

/** The permission names (`case.edit`) in `text`. */
function permissionNamesIn(text: string | null): string[] {
  return PERMISSIONS.filter((permission) => text?.includes(permission));
}

afterEach(() => vi.unstubAllGlobals());

describe('the scopes of API keys, in words', () => {
  it('lists a key’s scopes by what they allow, a resource’s actions together', async () => {
    renderAutomation([
      { ...API_KEY, scopes: ['identifier.create', 'tag.view', 'identifier.view', 'case.edit'] },
    ]);
    const row = await findKeyRow('ci');
    expect(
      within(row).getByRole('cell', { name: 'Edit cases, View identifiers, Create identifiers, View tags' }),
    ).toBeVisible();
    expect(permissionNamesIn(row.textContent)).toEqual([]);
  });

  it('shows a scope this build does not know by its name rather than leave it out', async () => {
    renderAutomation([{ ...API_KEY, scopes: ['tag.view', 'report.view'] }]);
    const row = await findKeyRow('ci');
    expect(within(row).getByRole('cell', { name: 'View tags, report.view' })).toBeVisible();
  });

  it('offers scopes in words in the picker, only those the creator holds', async () => {
    const user = renderAutomation([], 'investigator');
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const heading = await screen.findByRole('heading', { name: 'Create API key' });
    const form = heading.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(form).getByRole('combobox', { name: /^Scopes/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('View identifiers');
    expect(options).toContain('Create journal entries');
    // An investigator holds neither.
    expect(options).not.toContain('Open the admin area');
    expect(options).not.toContain('Create tags');
    expect(permissionNamesIn(options.join(' '))).toEqual([]);
    for (const option of options) expect(option?.trim()).not.toBe('');
  });
});
