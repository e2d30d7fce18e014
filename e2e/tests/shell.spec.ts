import { apiAs, createAccount, expect, signIn, test } from '../support/fixtures';

test.describe('shell', () => {
  test('shows header, side navigation and footer to a signed-in admin', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    await page.goto('/cases');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'User', exact: true })).toBeVisible();
    const docs = header.getByRole('link', { name: 'API Docs' });
    await expect(docs).toHaveAttribute('href', '/api/docs');

    const nav = page.getByRole('navigation', { name: 'Side navigation' });
    for (const entry of [
      'Cases',
      'Evidence',
      'Identifiers',
      'Validation',
      'Streams',
      'Team Members',
      'Automations',
      'Groups',
      'Tags',
    ]) {
      await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText(`${new Date().getFullYear()}`);
    await expect(page.getByRole('contentinfo')).toContainText('all rights reserved');
    await expect(page.getByRole('link', { name: /skip to main content/i })).toHaveCount(1);
  });

  test('an Admin tile shows Carbon’s 2px focus outline, inset, not a link’s', async ({ page }) => {
    await signIn(page, await createAccount('admin'));
    await page.goto('/admin');
    // Carbon renders the tile as a link (class cds--link), whose focus style used to win over the tile's.
    const tile = page.getByRole('main').getByRole('link', { name: /^Tags/ });
    await tile.focus();
    // The tile fades its outline in (Carbon's transition): these assertions wait for it to settle.
    await expect(tile).toHaveCSS('outline-style', 'solid');
    await expect(tile).toHaveCSS('outline-width', '2px');
    await expect(tile).toHaveCSS('outline-color', 'rgb(15, 98, 254)');
    await expect(tile).toHaveCSS('outline-offset', '-2px');
    await expect(tile).toHaveCSS('text-decoration-line', 'none');
  });

  test('moving to another page puts focus on its heading, and Tab goes on from there', async ({ page }) => {
    const admin = await createAccount('admin');
    const api = await apiAs(admin.email, admin.password);
    const title = `Focus ${Date.now()}`;
    const created = await api.post('/api/cases', { data: { title } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await api.dispose();
    await signIn(page, admin);

    await page.goto('/tags');
    await page
      .getByRole('navigation', { name: 'Side navigation' })
      .getByRole('link', { name: 'Groups' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('button', { name: 'New group' })).toBeFocused();

    // A case's page loads its record after its code: focus ends on the case's own heading.
    await page.goto('/cases');
    await page.getByRole('link', { name: title }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/cases/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  });

  test('hides role-restricted entries and drops empty groups for a viewer', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/cases');
    const nav = page.getByRole('navigation', { name: 'Side navigation' });
    await expect(nav.getByRole('link', { name: 'Cases', exact: true })).toBeVisible();
    for (const hidden of ['Team Members', 'Tags', 'Streams']) {
      await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
    }
    // Export holds only Streams (admin): with it hidden, the whole group goes.
    await expect(nav.getByRole('button', { name: 'Export' })).toHaveCount(0);
  });

  test('is hidden on /login, /logout, /auth/device, the 404 page and when nobody is signed in', async ({
    page,
  }) => {
    for (const path of ['/login', '/logout', '/auth/device', '/identifiers']) {
      await page.goto(path);
      await expect(page.locator('main, body').first()).toBeVisible();
      await expect(page.getByRole('banner'), path).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Side navigation' }), path).toHaveCount(0);
    }
    await signIn(page, await createAccount('admin'));
    // (A signed-in user opening /login is sent on to the app, so it is not in this list.)
    for (const path of ['/logout', '/auth/device', '/not-a-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('banner'), path).toHaveCount(0);
    }
  });

  test('the user panel shows the name and e-mail, links to the profile, and logs out', async ({ page }) => {
    const account = await createAccount('investigator', { firstName: 'Rosa', lastName: 'Diaz' });
    await signIn(page, account);
    await page.goto('/cases');
    await page.getByRole('button', { name: 'User', exact: true }).click();
    const panel = page.getByRole('banner');
    await expect(panel.getByText('Rosa Diaz')).toBeVisible();
    await expect(panel.getByText(account.email)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

    await panel.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole('heading', { name: 'You have been signed out' })).toBeVisible();
    // The session was revoked server-side: the cookie no longer works.
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcases$/);
  });

  test('logout still lands on /logout when the server call fails', async ({ page }) => {
    await signIn(page, await createAccount('viewer'));
    await page.goto('/cases');
    await page.route('**/api/auth/logout', (route) => route.abort());
    await page.getByRole('button', { name: 'User', exact: true }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/logout$/);
  });

  test('a 403 answer shows the Access Denied toast', async ({ page }) => {
    await signIn(page, await createAccount('investigator'));
    // The server answers 403 for this call (as it would after a permission change); the app must say so.
    await page.route(/\/api\/identifiers(\?|$)/, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' },
        }),
      }),
    );
    await page.goto('/identifiers');
    const toast = page.locator('.cds--toast-notification').filter({ hasText: 'Access Denied' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('You do not have permission to perform this action.');
  });

  test('a 401 answer on any call goes to sign in', async ({ page }) => {
    const account = await createAccount('investigator');
    await signIn(page, account);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    // Revoke the session behind the page's back, then use the app.
    await page.request.post('/api/auth/logout', {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcases$/);
  });

  test('the API docs page loads under its CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByText('Scamtrail API').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
