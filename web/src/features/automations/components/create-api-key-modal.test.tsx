import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_EXPIRY_PASSED, type CreatedApiKey } from '@scamtrail/domain/automations';
import { json, makeUser, renderApp } from '../../../test/render-app';
import { API_KEY, AUTOMATION, AUTOMATION_ID } from './automation-test-fixtures';

// "Today" in these tests is Monday 15 June 2026, noon, local time. Only the clock is fake (user-event and
// the lazy screens keep real timers), and it is set before anything is imported: flatpickr takes its
// "now" when it loads.
vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 12, 0, 0));
});

const apiKey = API_KEY;
const automation = AUTOMATION;

type Answer = () => Response;

/** The automation's page with the creation dialog open and a name and a scope filled in. */
async function openFilledForm(
  answer: Answer = () => json(201, { key: 'stk_secret', apiKey } as CreatedApiKey),
) {
  const posted: Record<string, unknown>[] = [];
  renderApp(`/automations/${AUTOMATION_ID}`, {
    'GET /api/auth/me': () => json(200, makeUser('admin')),
    [`GET /api/automations/${AUTOMATION_ID}`]: () => json(200, automation),
    [`POST /api/automations/${AUTOMATION_ID}/api-keys`]: (init) => {
      posted.push(JSON.parse(String(init.body)));
      return answer();
    },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create API key' }));
  const heading = await screen.findByRole('heading', { name: 'Create API key' });
  const form = heading.closest<HTMLElement>('[role="dialog"]')!;
  await user.type(within(form).getByLabelText('Name'), 'ci');
  await user.type(within(form).getByRole('combobox', { name: /^Scopes/ }), 'view ta');
  await user.click(await screen.findByRole('option', { name: 'View tags' }));
  const expiry = within(form).getByLabelText<HTMLInputElement>('Expires on (optional)');
  const createKey = () => user.click(within(form).getByRole('button', { name: 'Create key' }));
  return { user, form, expiry, createKey, posted };
}

/** The end of a local day, as the dialog sends it. */
function endOfDay(year: number, month: number, day: number): string {
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

beforeEach(() => {
  // A desktop browser: flatpickr then closes its calendar on mousedown outside it, reading the typed text
  // without reporting a change (jsdom has touch events, so flatpickr would listen to touchstart instead).
  vi.stubGlobal('ontouchstart', undefined);
});

afterEach(() => vi.unstubAllGlobals());
afterAll(() => vi.useRealTimers());

describe('the expiry of a new API key', () => {
  it('sends a typed date when Create key is clicked straight after typing', async () => {
    const { user, expiry, createKey, posted } = await openFilledForm();
    await user.click(expiry);
    await user.type(expiry, '12/31/2027');
    await createKey();
    await screen.findByRole('heading', { name: 'API key created' });
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: endOfDay(2027, 12, 31) }]);
  });

  it('sends a typed date after the field is left with Tab', async () => {
    const { user, expiry, createKey, posted } = await openFilledForm();
    await user.type(expiry, '7/4/2026');
    await user.tab();
    await createKey();
    await screen.findByRole('heading', { name: 'API key created' });
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: endOfDay(2026, 7, 4) }]);
  });

  it('sends the day picked in the calendar', async () => {
    const { user, expiry, createKey, posted } = await openFilledForm();
    await user.click(expiry);
    await user.click(
      document.querySelector<HTMLElement>('.flatpickr-day[aria-label="Tuesday, June 30, 2026"]')!,
    );
    expect(expiry).toHaveValue('06/30/2026');
    await createKey();
    await screen.findByRole('heading', { name: 'API key created' });
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: endOfDay(2026, 6, 30) }]);
  });

  it('sends no expiry when the field is left empty', async () => {
    const { createKey, posted } = await openFilledForm();
    await createKey();
    await screen.findByRole('heading', { name: 'API key created' });
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: null }]);
  });

  it.each(['13/45/2027', '2/30/2027', 'next friday', '12/31/27'])(
    'refuses the unreadable date %j on the field and creates nothing',
    async (typed) => {
      const { user, form, expiry, createKey, posted } = await openFilledForm();
      await user.click(expiry);
      await user.type(expiry, typed);
      await createKey();
      expect(await within(form).findByText('Expires on must be a date written mm/dd/yyyy')).toBeVisible();
      expect(expiry).toHaveAttribute('aria-invalid', 'true');
      // What was typed stays, to be corrected.
      expect(expiry).toHaveValue(typed);
      expect(posted).toEqual([]);
    },
  );

  it('says so in words when the day typed has passed, and creates nothing', async () => {
    const { user, form, expiry, createKey, posted } = await openFilledForm();
    await user.click(expiry);
    await user.type(expiry, '06/14/2026');
    await createKey();
    expect(await within(form).findByText('Expiry must be in the future')).toBeVisible();
    expect(within(form).queryByText(/expiresAt/)).toBeNull();
    expect(expiry).toHaveValue('06/14/2026');
    expect(posted).toEqual([]);
  });

  it('shows an unreadable date as soon as the field is left', async () => {
    const { user, form, expiry } = await openFilledForm();
    await user.click(expiry);
    await user.type(expiry, '31/12/2027');
    await user.click(within(form).getByLabelText('Name'));
    expect(await within(form).findByText('Expires on must be a date written mm/dd/yyyy')).toBeVisible();
    expect(expiry).toHaveValue('31/12/2027');
    // Correcting it clears the message.
    await user.clear(expiry);
    await user.type(expiry, '12/31/2027');
    expect(within(form).queryByText('Expires on must be a date written mm/dd/yyyy')).toBeNull();
  });

  it('greys out the days before today in the calendar', async () => {
    const { user, expiry } = await openFilledForm();
    await user.click(expiry);
    const day = (label: string) => document.querySelector(`.flatpickr-day[aria-label="${label}"]`);
    expect(day('Sunday, June 14, 2026')).toHaveClass('flatpickr-disabled');
    expect(day('Monday, June 15, 2026')).not.toHaveClass('flatpickr-disabled');
    expect(day('Tuesday, June 16, 2026')).not.toHaveClass('flatpickr-disabled');
  });

  it("puts the server's refusal of the expiry on the field in words", async () => {
    // The browser's clock may be behind the server's: the server has the last word.
    const { user, form, expiry, createKey, posted } = await openFilledForm(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          details: { fields: [{ field: 'expiresAt', message: API_KEY_EXPIRY_PASSED }] },
        },
      }),
    );
    await user.click(expiry);
    await user.type(expiry, '06/15/2026');
    await createKey();
    expect(await within(form).findByText('Expiry must be in the future')).toBeVisible();
    expect(within(form).queryByText(/expiresAt/)).toBeNull();
    expect(posted).toEqual([{ name: 'ci', scopes: ['tag.view'], expiresAt: endOfDay(2026, 6, 15) }]);
  });
});

describe('the name of a new API key', () => {
  it('shows a name taken by another active key on the field, with focus there', async () => {
    const message = 'This automation already has a key named “ci”';
    const { form, createKey } = await openFilledForm(() =>
      json(409, { error: { code: 'CONFLICT', message, details: { fields: [{ field: 'name', message }] } } }),
    );
    await createKey();
    expect(await within(form).findByText(message)).toBeVisible();
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(message);
  });
});

describe('what a new API key may change', () => {
  it.each([
    ['admin', false],
    ['investigator', true],
  ] as const)(
    'tells an %s whether the key may change what the automation recorded (warned: %s)',
    async (role, warned) => {
      renderApp(`/automations/${AUTOMATION_ID}`, {
        'GET /api/auth/me': () => json(200, makeUser(role)),
        [`GET /api/automations/${AUTOMATION_ID}`]: () => json(200, automation),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Create API key' }));
      const heading = await screen.findByRole('heading', { name: 'Create API key' });
      const form = heading.closest<HTMLElement>('[role="dialog"]')!;
      const warning = 'as you are not an administrator the key cannot change what the automation recorded';
      expect(form.textContent?.includes(warning)).toBe(warned);
      expect(form).toHaveTextContent('You can grant only permissions you hold');
    },
  );
});
