import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationDetail, CreatedApiKey } from '@scamtrail/domain/automations';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { API_KEY, AUTOMATION, AUTOMATION_ID } from './automation-test-fixtures';

const SECRET = 'stk_AbCdEf_0123456789abcdefghijklmnopqrstuv';

const apiKey = API_KEY;
const automation = AUTOMATION;

function setup() {
  let keys: AutomationDetail['apiKeys'] = [];
  const created: CreatedApiKey = { key: SECRET, apiKey };
  const posted: unknown[] = [];
  const view = renderApp(`/automations/${AUTOMATION_ID}`, {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    [`GET /api/automations/${AUTOMATION_ID}`]: () => json(200, { ...automation, apiKeys: keys }),
    [`POST /api/automations/${AUTOMATION_ID}/api-keys`]: (init) => {
      posted.push(JSON.parse(String(init.body)));
      keys = [apiKey];
      return json(201, created);
    },
  });
  return { ...view, posted };
}

/** The open modal titled `title` (Carbon's dialog is not named by its heading). */
async function findModal(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

/** Creates a key named "ci" with one scope through the dialog; answers the secret's dialog. */
async function createKey(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Create API key' }));
  const form = await findModal('Create API key');
  await user.type(within(form).getByLabelText('Name'), 'ci');
  // The picker names scopes in words, and finds them by their permission names too.
  await user.type(within(form).getByRole('combobox', { name: /^Scopes/ }), 'tag.vi');
  await user.click(await screen.findByRole('option', { name: 'View tags' }));
  await user.click(within(form).getByRole('button', { name: 'Create key' }));
  return findModal('API key created');
}

afterEach(() => vi.unstubAllGlobals());

describe('API key creation and the secret dialog', () => {
  it('shows the secret once, with a copy button and a warning, and never again after closing', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    const secretDialog = await createKey(user);
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: null }]);
    expect(within(secretDialog).getByRole('textbox', { name: 'API key' })).toHaveTextContent(SECRET);
    expect(within(secretDialog).getByRole('button', { name: 'Copy API key' })).toBeVisible();
    expect(within(secretDialog).getByText(/It will not be shown again/)).toBeVisible();
    expect(secretDialog).toHaveTextContent('The key holds only its scopes: View tags.');

    await user.click(within(secretDialog).getByRole('button', { name: 'I have copied the key' }));
    await vi.waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    // The list shows the new key by its prefix only.
    expect(await screen.findByText('stk_AbCdEf_0…')).toBeVisible();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('does not lose the secret to Escape or the close icon: it warns first, and closes when asked again', async () => {
    const user = userEvent.setup();
    setup();
    const secretDialog = await createKey(user);
    // One way out by button in the footer: no "Close" beside "I have copied the key".
    const footer = secretDialog.querySelector<HTMLElement>('.cds--modal-footer')!;
    expect(
      within(footer)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['I have copied the key']);

    await user.keyboard('{Escape}');
    expect(await within(secretDialog).findByText('The key has not been copied.')).toBeVisible();
    expect(screen.getByText(SECRET)).toBeVisible();
    // Still open for Carbon too, not only still in the page.
    expect(secretDialog.closest('.cds--modal')).toHaveClass('is-visible');
    // Asked again (Escape, or the close icon), it closes.
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('closes on Escape at once once the key was copied with its button', async () => {
    const user = userEvent.setup();
    setup();
    const secretDialog = await createKey(user);
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy API key' }));
    // The first Escape may go to the copy button's "Copied" tooltip; none of them warns.
    await user.keyboard('{Escape}');
    expect(screen.queryByText('The key has not been copied.')).toBeNull();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('refuses a key without a name or scopes before calling the server', async () => {
    const user = userEvent.setup();
    const { posted } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = await findModal('Create API key');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Name is required')).toBeVisible();
    expect(within(form).getByText('Choose at least one scope')).toBeVisible();
    expect(posted).toEqual([]);
  });
});
