import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';

/** The page's requests in the order the browser made them, and the CSP violations it reported. */
function watch(page: Page) {
  const requests: { path: string; status?: number }[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    requests.push({ path: `${pathname}${search}` });
  });
  page.on('response', (response) => {
    const { pathname, search } = new URL(response.url());
    const seen = requests.find((r) => r.path === `${pathname}${search}` && r.status === undefined);
    if (seen) seen.status = response.status();
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return { requests, violations };
}

test.describe('first visit: the page asks for its data before its code has run (issue 38)', () => {
  test('the session and the list the URL names are asked for once each, before the screen code', async ({
    page,
  }) => {
    await signIn(page, await createAccount('investigator'));
    const { requests, violations } = watch(page);
    await page.goto('/identifiers?type=email');
    await expect(page.getByRole('heading', { name: 'Identifiers', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const paths = requests.map((r) => r.path);
    const list = '/api/identifiers?type=email&page=1&pageSize=25';
    expect(paths.filter((p) => p === '/api/auth/me')).toHaveLength(1);
    expect(paths.filter((p) => p === list)).toHaveLength(1);
    const apiGets = paths.filter((p) => p.startsWith('/api/'));
    expect(apiGets).toEqual([...new Set(apiGets)]);
    // Sent by the document's own script before it asks for any code: the data takes the first
    // connections, not the ones the scripts leave free.
    const firstScript = paths.findIndex((p) => /^\/assets\/.*\.js$/.test(p));
    expect(firstScript).toBeGreaterThan(paths.indexOf(list));
    expect(firstScript).toBeGreaterThan(paths.indexOf('/api/auth/me'));
    expect(paths.findIndex((p) => /^\/assets\/identifiers-route-.*\.js$/.test(p))).toBeGreaterThan(
      firstScript,
    );
    expect(violations).toEqual([]);
  });

  test('a signed-out visitor goes to sign in, and the refused list request shows nothing', async ({
    page,
  }) => {
    const { requests, violations } = watch(page);
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcases$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const cases = requests.filter((r) => r.path.startsWith('/api/cases?'));
    expect(cases).toEqual([{ path: expect.stringMatching(/^\/api\/cases\?/), status: 401 }]);
    // No toast (the sign-in form's empty error regions are alerts too).
    await expect(page.locator('.cds--toast-notification')).toHaveCount(0);
    expect(violations).toEqual([]);
  });
});
