import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

const SHOTS = process.env.SAVE_FAILURE_SHOTS;

/** A case of a new investigator's, who is signed in on the page on its Edit case dialog. */
async function editingCase(page: Page): Promise<{ id: string }> {
  const investigator = await createAccount('investigator');
  const api = await apiAs(investigator.email, investigator.password);
  const res = await api.post('/api/cases', {
    data: { title: `Focus case ${randomBytes(3).toString('hex')}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const caseItem = (await res.json()) as { id: string };
  await api.dispose();
  await signIn(page, investigator);
  await page.goto(`/cases/${caseItem.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  return caseItem;
}

/**
 * A save that fails takes focus to its message, in the dialog, however it fails: the server answering
 * 503 took a moment, and Chromium had moved focus off the disabled Save to <body>; a cut connection
 * fails at once, before that, and focus stayed on Save with the message unannounced above it.
 */
const failures: Record<string, (route: Route) => Promise<void>> = {
  'the server answers 503': (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The server is busy. Try again.' } }),
    }),
  'the connection is reset': (route) => route.abort('connectionreset'),
};

test.describe('a failed save', () => {
  test('focuses its message when the connection fails at once', async ({ page }) => {
    await editingCase(page);
    const dialog = page.getByRole('dialog', { name: 'Edit case', exact: true });
    await dialog.getByLabel('Title').fill('Renamed while offline');
    // A refused connection: fetch rejects before Chromium has moved focus off the disabled Save.
    await page.evaluate(() => {
      const fetch = window.fetch;
      window.fetch = (input, init) =>
        init?.method === 'PATCH' ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
    });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = dialog.locator('.form-modal__error');
    await expect(notice.getByText('Could not reach the server. Check your connection.')).toBeVisible();
    await expect(notice).toBeFocused();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-failure-refused.png` });
  });

  test('fails at once when the browser is offline, instead of saving until it is back', async ({
    browser,
  }) => {
    // Offline is a context's state: this test has a context of its own.
    const context = await browser.newContext();
    const page = await context.newPage();
    await editingCase(page);
    const dialog = page.getByRole('dialog', { name: 'Edit case', exact: true });
    await dialog.getByLabel('Title').fill('Renamed while offline');
    // eslint-disable-next-line no-restricted-properties -- the test's own context, closed at its end.
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const notice = dialog.locator('.form-modal__error');
    // It showed "Saving..." until the browser was back online (TanStack Query paused the request).
    await expect(notice.getByText('Could not reach the server. Check your connection.')).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(dialog.getByLabel('Title')).toHaveValue('Renamed while offline');
    await context.close();
  });

  for (const [how, fail] of Object.entries(failures)) {
    test(`focuses its message when ${how}`, async ({ page }) => {
      const { id } = await editingCase(page);
      const dialog = page.getByRole('dialog', { name: 'Edit case', exact: true });
      await dialog.getByLabel('Title').fill('Renamed while offline');
      await page.route(`**/api/cases/${id}`, (route) =>
        route.request().method() === 'PATCH' ? fail(route) : route.fallback(),
      );
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const notice = dialog.locator('.form-modal__error');
      await expect(notice.getByText('Not saved')).toBeVisible();
      await expect(notice).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/save-failure-${how.split(' ').at(-1)}.png` });
      await page.unroute(`**/api/cases/${id}`);
    });
  }
});
